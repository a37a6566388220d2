# Starter bot for one-two-three: fills the first free cell, plus up to two cells to its right.
#
# Protocol: the bot is started afresh for every move and plays exactly one move.
#   input:  "M N" (columns, rows), then N lines of M characters ('A', 'B' or '-' for free),
#           then the letter of the player to move ('A' or 'B'); lines end with \r\n
#   output: the board after the move, N lines of M characters
# A move covers 1 to 3 cells in a straight line (here: a horizontal run); at least one must be
# free, the others may be free or already ours, never the opponent's.
# If the input is malformed (sizes outside 3..20, wrong characters or line lengths, a mover
# other than A or B, a full board) the bot prints "error" and a line saying why.
# Standard output is the board only: DEBUG messages go to standard error, which is logged.
import sys


def fail(why):
    print("error")
    print(why)
    sys.exit(0)


def read_line():
    """One input line without its line end, or None at the end of the input."""
    raw = sys.stdin.buffer.readline()
    if not raw:
        return None
    return raw.rstrip(b"\r\n").decode("utf-8", "replace")


header = read_line()
parts = (header or "").split(" ")
if len(parts) != 2 or not all(p.isdigit() and p.isascii() for p in parts):
    fail("the first line must be two numbers, M N")
cols, rows = int(parts[0]), int(parts[1])
if not (3 <= cols <= 20 and 3 <= rows <= 20):
    fail("the board must be 3 to 20 columns by 3 to 20 rows")

board = []
for r in range(rows):
    line = read_line()
    if line is None:
        fail("the input ended after %d of %d rows" % (r, rows))
    if len(line) != cols or any(c not in "AB-" for c in line):
        fail("row %d must be %d characters of A, B and -" % (r + 1, cols))
    board.append(list(line))

me = read_line()
if me not in ("A", "B"):
    fail("the last line must be the player to move, A or B")

free = [(r, c) for r in range(rows) for c in range(cols) if board[r][c] == "-"]
if not free:
    fail("the board is already full")

# The move: the first free cell, extended to the right over free cells and our own.
row, col = free[0]
board[row][col] = me
placed = 1
for c in range(col + 1, min(col + 3, cols)):
    if board[row][c] not in ("-", me):
        break
    board[row][c] = me
    placed += 1

# Rows and columns counted from 1, as the game's viewer and the judge's messages count them.
print("DEBUG %s placed %d cell(s) from row %d, column %d" % (me, placed, row + 1, col + 1), file=sys.stderr)
sys.stdout.write("".join("".join(line) + "\n" for line in board))
