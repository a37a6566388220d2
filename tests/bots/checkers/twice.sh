#!/bin/sh
# Answers its first TURN with a legal opening move, twice. Both lines go out in one write, so the
# second one is already waiting when the judge reads the first: the forfeit cannot race the
# opponent's answer.
while read -r line; do
  case "$line" in
    START*) echo OK ;;
    TURN) printf '2 5,0 4,1\n2 5,0 4,1\n' ;;
    END*) exit 0 ;;
  esac
done
