# Connect4 bot that plays the leftmost free column twice, then crashes (an uncaught exception).
import sys

height = [0] * 9
my_turn = len(sys.argv) > 1 and sys.argv[1] == "first"
sys.stdin.readline()  # the magic number
for _ in range(2):
    if my_turn:
        c = next(c for c in range(9) if height[c] < 9)
        height[c] += 1
        print(c, flush=True)
    line = sys.stdin.readline()
    if not line or int(line) >= 10:
        sys.exit(0)
    height[int(line)] += 1
    my_turn = True
raise RuntimeError("this bot crashes on purpose")
