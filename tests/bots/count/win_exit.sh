#!/bin/sh
# Plays 3 and exits at once, without waiting for END.
read -r line
echo OK
read -r line
echo 3
