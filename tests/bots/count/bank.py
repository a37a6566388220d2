# Every move is legal and within the move time, but together they exceed the bank.
import sys, time

for line in sys.stdin:
    line = line.strip()
    if line.startswith("START"):
        print("OK", flush=True)
    elif line == "TURN":
        time.sleep(0.3)
        print("1", flush=True)
    elif line.startswith("END"):
        break
