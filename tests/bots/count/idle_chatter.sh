#!/bin/sh
# Answers TURN, then a moment later prints another move, while the opponent is thinking.
while read -r line; do
  case "$line" in
    START*) echo OK ;;
    TURN) echo 1; sleep 0.3; echo 1 ;;
    END*) exit 0 ;;
  esac
done
