# Prints a good board, then crashes.
import sys

first = sys.stdin.readline().split()
cols, rows = int(first[0]), int(first[1])
board = [list(sys.stdin.readline().strip()) for _ in range(rows)]
me = sys.stdin.readline().strip()
for row in board:
    if "-" in row:
        row[row.index("-")] = me
        break
print("\n".join("".join(r) for r in board), flush=True)
sys.exit(4)
