# Connect4 bot that always forfeits: its first line is not a move.
import sys

sys.stdin.readline()  # the magic number
print("resign", flush=True)
