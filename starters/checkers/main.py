# Starter bot for checkers: plays the first legal move it finds.
#
# Protocol (one line each way, flush after every line):
#   START 1 / START 2   you are Black (moves first, towards row 0) / White (towards row 7); answer OK
#   PLACE N r,c ...     the opponent's move: the N squares its piece stood on, start first
#   TURN                your move: answer "N r,c r,c ..." in the same form
#   END 0 / 1 / 2       draw / you won / you lost; the game is over
# Lines starting with DEBUG go to your game log. Captures are mandatory, and you must take the
# longest capture chain available (majority rule).
import sys

# board[row][col]: '.' empty, 'b' / 'B' Black man / king, 'w' / 'W' White man / king.
board = [["."] * 8 for _ in range(8)]
for row in range(8):
    for col in range(8):
        if (row + col) % 2 == 1:  # only dark squares are used
            if row <= 2:
                board[row][col] = "w"
            elif row >= 5:
                board[row][col] = "b"

DIAGONALS = [(-1, -1), (-1, 1), (1, -1), (1, 1)]


def on_board(row, col):
    return 0 <= row < 8 and 0 <= col < 8


def capture_chains(path, jumped, me, chains):
    """Extends the jump chain `path` in every possible way; complete chains go to `chains`."""
    row, col = path[-1]
    extended = False
    for dr, dc in DIAGONALS:
        over, land = (row + dr, col + dc), (row + 2 * dr, col + 2 * dc)
        if not on_board(*land) or over in jumped:
            continue
        victim = board[over[0]][over[1]]
        if victim != "." and victim.lower() != me and board[land[0]][land[1]] == ".":
            extended = True
            capture_chains(path + [land], jumped | {over}, me, chains)
    if not extended and len(path) > 1:
        chains.append(path)


def legal_moves(me):
    """All legal moves of `me` ('b' or 'w'), each a list of (row, col) squares."""
    chains = []
    for row in range(8):
        for col in range(8):
            if board[row][col].lower() == me:
                piece = board[row][col]
                board[row][col] = "."  # the piece has left its square while it jumps
                capture_chains([(row, col)], frozenset(), me, chains)
                board[row][col] = piece
    if chains:
        longest = max(len(c) for c in chains)
        return [c for c in chains if len(c) == longest]
    steps = []
    forward = -1 if me == "b" else 1
    for row in range(8):
        for col in range(8):
            piece = board[row][col]
            if piece.lower() != me:
                continue
            for dr, dc in DIAGONALS:
                if piece.islower() and dr != forward:
                    continue  # men step only forward; kings step any way
                if on_board(row + dr, col + dc) and board[row + dr][col + dc] == ".":
                    steps.append([(row, col), (row + dr, col + dc)])
    return steps


def play(squares):
    """Plays a move (ours or the opponent's) on our copy of the board."""
    (r0, c0), (r1, c1) = squares[0], squares[-1]
    piece = board[r0][c0]
    board[r0][c0] = "."
    for (ra, ca), (rb, cb) in zip(squares, squares[1:]):
        if abs(rb - ra) == 2:  # a jump: the piece in between is captured
            board[(ra + rb) // 2][(ca + cb) // 2] = "."
    if (piece == "b" and r1 == 0) or (piece == "w" and r1 == 7):
        piece = piece.upper()  # crowned on the far row
    board[r1][c1] = piece


def send(line):
    print(line, flush=True)


me = "b"
while True:
    line = sys.stdin.readline()
    if not line:
        break
    words = line.split()
    if not words:
        continue
    if words[0] == "START":
        me = "b" if words[1] == "1" else "w"
        send("OK")
        send("DEBUG starter bot playing " + ("Black" if me == "b" else "White"))
    elif words[0] == "PLACE":
        play([tuple(int(n) for n in sq.split(",")) for sq in words[2:]])
    elif words[0] == "TURN":
        move = legal_moves(me)[0]  # TURN only comes when we have a move
        play(move)
        send(" ".join([str(len(move))] + ["%d,%d" % sq for sq in move]))
    elif words[0] == "END":
        break
