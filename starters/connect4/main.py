# Starter bot for connect4 (9 x 9 grid): drops its disc into the first column that is not full.
#
# Protocol (one number per line, flush after every line):
#   the bot is started with one argument, "first" or "second";
#   the judge sends a "magic number" first (read it; you may ignore it);
#   then the players print their columns (0..8) in turn, and the judge sends each column to the
#   other player, whose turn it then is;
#   at the end the judge sends 10 (you won), 11 (you lost) or 12 (draw).
# Lines starting with DEBUG go to your game log.
import sys

# The protocol does not send the grid size: change these if your contest sets other rows/cols.
ROWS, COLS = 9, 9

# grid[row][col], row 0 at the bottom: 0 empty, 1 our disc, 2 the opponent's.
grid = [[0] * COLS for _ in range(ROWS)]
height = [0] * COLS  # discs in each column = the row the next disc lands on


def drop(col, who):
    grid[height[col]][col] = who
    height[col] += 1


def choose():
    """The first column that is not full, or None when the grid is full."""
    for col in range(COLS):
        if height[col] < ROWS:
            return col
    return None


def play():
    col = choose()
    if col is None:
        return  # the grid is full: the game is over and the final code follows
    drop(col, 1)
    print(col, flush=True)


first = sys.argv[1] == "first"
magic = sys.stdin.readline().strip()
print("DEBUG starter bot, playing %s, magic number %s" % (sys.argv[1], magic), flush=True)
if first:
    play()
while True:
    line = sys.stdin.readline()
    if not line:
        break
    number = int(line)
    if number >= 10:  # 10 won, 11 lost, 12 draw: the game is over
        break
    drop(number, 2)  # the opponent's column; now it is our turn
    # (if that move ended the game, the judge ignores this answer and sends the final code)
    play()
