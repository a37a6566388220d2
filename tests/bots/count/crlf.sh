#!/bin/sh
# Ends every line with \r\n, which the judge accepts.
while read -r line; do
  case "$line" in
    START*) printf 'OK\r\n' ;;
    TURN) printf 'DEBUG my move\r\n3\r\n' ;;
    END*) exit 0 ;;
  esac
done
