# Tries to leave the CPU it was pinned to, then prints the CPUs it may run on.
import os
try:
    os.sched_setaffinity(0, range(os.cpu_count() or 1))
except OSError as e:
    print("setaffinity failed:", e.strerror)
print("allowed", sorted(os.sched_getaffinity(0)))
