#!/bin/sh
# Names itself and at once announces its direction and pings, before PELI.
read -r n
echo "eager$n"
echo "+Y"
echo PING
while read -r line; do
  [ "$line" = LOPPU ] && exit 0
done
