# Plays 1 on every turn; exits after END.
import sys

for line in sys.stdin:
    line = line.strip()
    if line.startswith("START"):
        print("OK", flush=True)
    elif line == "TURN":
        print("1", flush=True)
    elif line.startswith("END"):
        break
