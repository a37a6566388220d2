# Tries to hold far more memory than allowed when asked for a move.
import sys

hoard = []
for line in sys.stdin:
    line = line.strip()
    if line.startswith("START"):
        print("OK", flush=True)
    elif line == "TURN":
        for _ in range(1000):
            hoard.append(bytearray(16 * 1024 * 1024))
        print("1", flush=True)
