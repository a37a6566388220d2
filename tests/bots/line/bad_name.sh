#!/bin/sh
read -r n
echo "a name with spaces"
sleep 5
