# Plays 1 on every turn after sleeping 150 ms: slow by the wall clock, nearly idle by the CPU's.
import sys, time

for line in sys.stdin:
    line = line.strip()
    if line.startswith("START"):
        print("OK", flush=True)
    elif line == "TURN":
        time.sleep(0.15)
        print("1", flush=True)
    elif line.startswith("END"):
        break
