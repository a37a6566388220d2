# Grows a list of 10 MiB buffers until something stops it.
hoard = []
while True:
    hoard.append(bytearray(10 << 20))
