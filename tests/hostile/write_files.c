/* Tries to create each path given; prints "wrote <path>" or "denied <path> <errno>". */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
int main(int argc, char **argv) {
    for (int i = 1; i < argc; i++) {
        int fd = open(argv[i], O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (fd < 0 || write(fd, "pwned\n", 6) != 6) { printf("denied %s %s\n", argv[i], strerror(errno)); continue; }
        close(fd);
        printf("wrote %s\n", argv[i]);
    }
    return 0;
}
