# Starter bot for tron: goes straight while it can, and turns to the first free cell when the
# cell ahead is taken.
#
# Protocol (real time; one line each way, flush after every line):
#   the judge sends your player number, "1" or "2": answer your name (3-9 of A-Z a-z 0-9 - _)
#   PELI W H ms      the grid is W x H and the lines move every ms milliseconds, starting 1 s from
#                    now; (0,0) is the bottom-left cell, +Y is up, and the grid wraps around at the
#                    edges. Player 1 starts on (0,0) going -X, player 2 on (1,0) going +X.
#   you print a direction, +X, -X, +Y or -Y, whenever you like: the last one printed before a tick
#   is used on that tick
#   SIIRTO 1 x y / SIIRTO 2 x y   every tick: the new head cells of both lines
#   LOPPU            the game is over
# Entering any used cell (either line's) crashes. Lines starting with DEBUG go to your game log.
import sys

STEPS = {"+X": (1, 0), "-X": (-1, 0), "+Y": (0, 1), "-Y": (0, -1)}

width = height = 0
used = set()      # every cell either line has been on
heads = {}        # player number -> (x, y)
me = int(sys.stdin.readline())
direction = "-X" if me == 1 else "+X"  # the judge's default until we print one


def send(line):
    print(line, flush=True)


def ahead(d):
    """The cell one step from our head in direction d (the grid wraps around)."""
    x, y = heads[me]
    dx, dy = STEPS[d]
    return ((x + dx) % width, (y + dy) % height)


def steer():
    """Keeps the direction if the cell ahead is free, else takes the first free one."""
    global direction
    choice = direction
    if ahead(choice) in used:
        for d in STEPS:
            if ahead(d) not in used:
                choice = d
                break
    if choice != direction:
        direction = choice
        send(direction)


send("starter")
while True:
    words = sys.stdin.readline().split()
    if not words or words[0] == "LOPPU":
        break
    if words[0] == "PELI":
        width, height = int(words[1]), int(words[2])
        heads = {1: (0, 0), 2: (1, 0)}
        used = {(0, 0), (1, 0)}
        send("DEBUG starter bot, player %d on %dx%d every %s ms" % (me, width, height, words[3]))
        steer()
    elif words[0] == "SIIRTO":
        player, x, y = int(words[1]), int(words[2]), int(words[3])
        heads[player] = (x, y)
        used.add((x, y))
        if player == 2:  # both heads have moved: choose the direction for the next tick
            steer()
