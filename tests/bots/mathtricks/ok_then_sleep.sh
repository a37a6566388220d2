#!/bin/sh
# Says OK and never moves.
read -r line
echo OK
sleep 30
