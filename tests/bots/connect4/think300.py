# Connect4 bot that thinks 300 ms before every move (a random legal column) and, so that a game
# lasts a couple of seconds, gives up at its sixth move by answering something that is not a move.
import random
import sys
import time

ROWS = COLS = 9
height = [0] * COLS
my_turn = len(sys.argv) > 1 and sys.argv[1] == "first"
moves = 0
sys.stdin.readline()  # the magic number
while True:
    if my_turn:
        time.sleep(0.3)
        moves += 1
        if moves == 6:
            print("resign", flush=True)
            break
        c = random.choice([c for c in range(COLS) if height[c] < ROWS])
        height[c] += 1
        print(c, flush=True)
    line = sys.stdin.readline()
    if not line or int(line) >= 10:
        break
    height[int(line)] += 1
    my_turn = True
