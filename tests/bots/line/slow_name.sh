#!/bin/sh
# Takes half a second to name itself, then goes down.
read -r n
sleep 0.5
echo "slow$n"
echo "-Y"
while read -r line; do
  [ "$line" = LOPPU ] && exit 0
done
