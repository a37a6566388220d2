#!/bin/sh
# Never answers START in time.
read -r line
sleep 10
echo OK
