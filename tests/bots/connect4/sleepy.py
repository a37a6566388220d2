# Connect4 bot that never answers in time: it sleeps far beyond any move time limit.
import sys
import time

sys.stdin.readline()  # the magic number
time.sleep(60)
