#!/bin/sh
# Says OK, then quits with status 3 when asked for a move.
read -r line
echo OK
read -r line
exit 3
