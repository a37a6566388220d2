# Plays column 0 on its first move; started with `first` or `second`.
import sys

first = sys.argv[1] == "first"
sys.stdin.readline()  # the magic number
if first:
    print(0, flush=True)
for line in sys.stdin:
    n = int(line)
    if n >= 10:
        break
    print(0, flush=True)
