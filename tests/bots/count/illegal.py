# Answers TURN with a well-formed but illegal move (steps are 1 to 3).
import sys

for line in sys.stdin:
    line = line.strip()
    if line.startswith("START"):
        print("OK", flush=True)
    elif line == "TURN":
        print("7", flush=True)
