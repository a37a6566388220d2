# Names itself, turns up on PELI, checks PING/PONG once, exits on LOPPU.
import sys

me = sys.stdin.readline().strip()
print("good_" + me, flush=True)
pinged = False
for line in sys.stdin:
    line = line.strip()
    if line.startswith("PELI"):
        print("DEBUG got " + line, flush=True)
        print("+Y", flush=True)
        print("PING", flush=True)
    elif line == "PONG":
        pinged = True
        print("DEBUG pong", flush=True)
    elif line == "LOPPU":
        break
