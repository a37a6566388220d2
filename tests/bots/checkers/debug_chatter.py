# A legal checkers player that talks like the original course's student bots: `DEBUG: ...`
# lines (and `DEBUGx`, `DEBUG` alone) before its answers and while the opponent thinks. The
# original judge takes every line beginning with DEBUG as debug output; so must ours.
# It plays the first legal move it finds (longest capture chains first, as the rules demand).
import sys

SIZE = 8
DIRS = [(-1, -1), (-1, 1), (1, -1), (1, 1)]

board = {}  # (row, col) -> "b", "B", "w", "W"
for r in range(SIZE):
    for c in range(SIZE):
        if (r + c) % 2 == 1:
            if r < 3:
                board[(r, c)] = "w"
            elif r > 4:
                board[(r, c)] = "b"


def side_of(piece):
    return piece.lower()


def on_board(r, c):
    return 0 <= r < SIZE and 0 <= c < SIZE


def chains(me):
    """The longest capture chains of `me` (start square first); empty when none exists."""
    best, most = [], 0

    def extend(path, jumped):
        nonlocal best, most
        start, (r, c) = path[0], path[-1]
        extended = False
        for dr, dc in DIRS:
            over, land = (r + dr, c + dc), (r + 2 * dr, c + 2 * dc)
            if not on_board(*land) or over not in board or over in jumped:
                continue
            if side_of(board[over]) == me:
                continue
            if land != start and land in board:
                continue
            extended = True
            extend(path + [land], jumped | {over})
        length = len(path) - 1
        if not extended and length > 0 and length >= most:
            if length > most:
                best, most = [], length
            best.append(path)

    for sq, p in list(board.items()):
        if side_of(p) == me:
            extend([sq], frozenset())
    return best


def steps(me):
    forward = -1 if me == "b" else 1
    moves = []
    for (r, c), p in sorted(board.items()):
        if side_of(p) != me:
            continue
        for dr, dc in DIRS:
            if p.islower() and dr != forward:
                continue
            to = (r + dr, c + dc)
            if on_board(*to) and to not in board:
                moves.append([(r, c), to])
    return moves


def play(path):
    piece = board.pop(path[0])
    for a, b in zip(path, path[1:]):
        if abs(a[0] - b[0]) == 2:
            board.pop(((a[0] + b[0]) // 2, (a[1] + b[1]) // 2), None)
    end = path[-1]
    if piece == "b" and end[0] == 0:
        piece = "B"
    if piece == "w" and end[0] == SIZE - 1:
        piece = "W"
    board[end] = piece


def say(line):
    print(line, flush=True)


me = opponent = None
moves = 0
for line in sys.stdin:
    words = line.split()
    if not words:
        continue
    if words[0] == "START":
        me, opponent = ("b", "w") if words[1] == "1" else ("w", "b")
        say("DEBUG: hello, I play " + ("black" if me == "b" else "white"))
        say("OK")
    elif words[0] == "PLACE":
        play([tuple(int(x) for x in sq.split(",")) for sq in words[2:]])
        # Nothing is owed now: only DEBUG lines may be printed.
        say("DEBUG: the opponent moved from " + words[2])
    elif words[0] == "TURN":
        options = chains(me) or steps(me)
        move = options[0]
        moves += 1
        say("DEBUG: move %d, %d options" % (moves, len(options)))
        say("DEBUGx no space after the word")
        say("DEBUG")
        play(move)
        say("%d %s" % (len(move), " ".join("%d,%d" % sq for sq in move)))
    elif words[0] == "END":
        say("DEBUG: game over, result " + words[1])
        break
