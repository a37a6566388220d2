# Connect4 bot that computes for 1.5 s of CPU time over each of its first three moves (the judge
# charges CPU time where it can count it, the wall clock elsewhere: a busy loop is both), then plays the leftmost
# column that is not full at once (assumes the 9x9 default): too slow for move_ms=1000, in time
# with time_factor.python=2 (tests/play_cli.rs, tests/platform_games.rs).
import sys
import time

height = [0] * 9
my_turn = len(sys.argv) > 1 and sys.argv[1] == "first"
slow_moves = 3
sys.stdin.readline()  # magic number
while True:
    if my_turn:
        if slow_moves > 0:
            start = time.process_time()
            while time.process_time() - start < 1.5:
                pass
            slow_moves -= 1
        c = next(c for c in range(9) if height[c] < 9)
        height[c] += 1
        print(c, flush=True)
    line = sys.stdin.readline()
    if not line or int(line) >= 10:
        break
    height[int(line)] += 1
    my_turn = True
