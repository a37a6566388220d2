#!/bin/sh
read -r n
echo "gar_$n"
read -r peli
echo "left please"
sleep 5
