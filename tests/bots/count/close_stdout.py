# Says OK, then closes its standard output and keeps running.
import os, sys, time

sys.stdin.readline()
print("OK", flush=True)
sys.stdin.readline()
os.close(1)
time.sleep(10)
