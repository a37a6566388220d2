# Starter bot for mathtricks: moves to the first free neighbouring cell it finds.
#
# Protocol (one line each way, flush after every line):
#   START 1 / START 2      your player number; answer OK
#   BOARD W H              sent right after your OK, followed by H lines of W cells such as
#                          "+3 -4 *2 /2 +0 *0" (cell x y is column x of line y; 0 0 is top-left)
#   MOVE x y               the opponent moved its pawn to x y
#   TURN                   your move: answer "x y", one of the 8 neighbouring cells of your pawn
#                          that no pawn has ever visited
#   END 0 / 1 / 2          draw / you won / you lost; the game is over
# Each cell's operation is applied to the mover's total; the higher total wins at the end.
# Lines starting with DEBUG go to your game log.
import sys

cells = []       # cells[y][x]: the operation text, e.g. "*2"
visited = []     # visited[y][x]: whether a pawn has ever stood there
pawns = {}       # player number -> (x, y)
me = 1


def send(line):
    print(line, flush=True)


def read_words():
    line = sys.stdin.readline()
    return line.split() if line else None


while True:
    words = read_words()
    if words is None:
        break
    if not words:
        continue
    if words[0] == "START":
        me = int(words[1])
        send("OK")
    elif words[0] == "BOARD":
        width, height = int(words[1]), int(words[2])
        cells = [read_words() for _ in range(height)]
        visited = [[False] * width for _ in range(height)]
        pawns = {1: (0, 0), 2: (width - 1, height - 1)}
        visited[0][0] = visited[height - 1][width - 1] = True
        send("DEBUG starter bot, player %d on a %dx%d board" % (me, width, height))
    elif words[0] == "MOVE":
        x, y = int(words[1]), int(words[2])
        pawns[3 - me] = (x, y)
        visited[y][x] = True
    elif words[0] == "TURN":
        px, py = pawns[me]
        moves = [(px + dx, py + dy)
                 for dy in (-1, 0, 1) for dx in (-1, 0, 1)
                 if 0 <= px + dx < len(cells[0]) and 0 <= py + dy < len(cells)
                 and not visited[py + dy][px + dx]]
        x, y = moves[0]  # TURN only comes when we have a move
        pawns[me] = (x, y)
        visited[y][x] = True
        send("%d %d" % (x, y))
    elif words[0] == "END":
        break
