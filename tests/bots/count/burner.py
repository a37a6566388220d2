# Answers START, then computes for 2 s of CPU time before its first move.
import sys, time

for line in sys.stdin:
    line = line.strip()
    if line.startswith("START"):
        print("OK", flush=True)
    elif line == "TURN":
        start = time.process_time()
        while time.process_time() - start < 2:
            pass
        print("1", flush=True)
