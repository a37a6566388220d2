# One move per run: reads "M N", N rows and the mover's letter, fills the first free cell.
# A single cell is also a legal one-two-three move.
import sys

first = sys.stdin.readline().split()
cols, rows = int(first[0]), int(first[1])
board = [list(sys.stdin.readline().strip()) for _ in range(rows)]
me = sys.stdin.readline().strip()
done = False
for row in board:
    for i, c in enumerate(row):
        if c == "-" and not done:
            row[i] = me
            done = True
sys.stdout.write("\r\n".join("".join(r) for r in board) + "\r\n\r\n")
