# Plays legally while printing far more DEBUG output and standard error than the log keeps.
import sys

for line in sys.stdin:
    line = line.strip()
    if line.startswith("START"):
        print("DEBUG " + "x" * 20000, flush=True)  # one message over 16 KiB
        print("OK", flush=True)
    elif line == "TURN":
        for i in range(20):
            print("DEBUG thinking " + "y" * 1000, flush=True)
            sys.stderr.write("stderr noise " + "z" * 1000 + "\n")
        sys.stderr.flush()
        print("1", flush=True)
    elif line.startswith("END"):
        break
