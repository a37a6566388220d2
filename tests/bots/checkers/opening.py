# Answers every TURN with black's opening move 2 5,0 4,1, after a pause: as the second player the
# move is illegal, but the pause leaves the judge time to catch the opponent's extra line first.
import sys
import time

for line in sys.stdin:
    line = line.strip()
    if line.startswith("START"):
        print("OK", flush=True)
    elif line == "TURN":
        time.sleep(0.3)
        print("2 5,0 4,1", flush=True)
    elif line.startswith("END"):
        break
