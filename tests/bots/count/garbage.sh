#!/bin/sh
# Answers TURN with something that is not a move.
while read -r line; do
  case "$line" in
    START*) echo OK ;;
    TURN) echo "hello world" ;;
  esac
done
