# Connect4 bot playing a random legal column every move after a short pause, so that a game
# lasts a few seconds (assumes the 9x9 default).
import random
import sys
import time

ROWS = COLS = 9
height = [0] * COLS
my_turn = len(sys.argv) > 1 and sys.argv[1] == "first"
sys.stdin.readline()  # the magic number
while True:
    if my_turn:
        time.sleep(0.08)
        c = random.choice([c for c in range(COLS) if height[c] < ROWS])
        height[c] += 1
        print(c, flush=True)
    line = sys.stdin.readline()
    if not line or int(line) >= 10:
        break
    height[int(line)] += 1
    my_turn = True
