# Plays 1 on every turn after thinking for 0.8 s.
import sys, time

for line in sys.stdin:
    line = line.strip()
    if line.startswith("START"):
        print("OK", flush=True)
    elif line == "TURN":
        time.sleep(0.8)
        print("1", flush=True)
    elif line.startswith("END"):
        break
