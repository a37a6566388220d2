# Connect4 bot: always plays the leftmost column that is not full (assumes the 9x9 default).
import sys

height = [0] * 9
my_turn = len(sys.argv) > 1 and sys.argv[1] == "first"
sys.stdin.readline()  # magic number
while True:
    if my_turn:
        c = next(c for c in range(9) if height[c] < 9)
        height[c] += 1
        print(c, flush=True)
    line = sys.stdin.readline()
    if not line or int(line) >= 10:
        break
    height[int(line)] += 1
    my_turn = True
