# Answers START, then thinks far too long on its first move.
import sys, time

for line in sys.stdin:
    line = line.strip()
    if line.startswith("START"):
        print("OK", flush=True)
    elif line == "TURN":
        time.sleep(10)
        print("1", flush=True)
