# Claims a valid position is invalid.
import sys

sys.stdin.readline()
print("error")
print("I do not like this board")
