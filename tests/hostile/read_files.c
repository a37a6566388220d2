/* Tries to read each path given; prints "read <path> <first bytes>" or "denied <path> <errno>". */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
int main(int argc, char **argv) {
    for (int i = 1; i < argc; i++) {
        int fd = open(argv[i], O_RDONLY);
        if (fd < 0) { printf("denied %s %s\n", argv[i], strerror(errno)); continue; }
        char buf[200];
        ssize_t n = read(fd, buf, sizeof buf - 1);
        if (n < 0) { printf("denied %s %s\n", argv[i], strerror(errno)); close(fd); continue; }
        buf[n] = 0;
        for (ssize_t j = 0; j < n; j++) if (buf[j] == '\n' || buf[j] == 0) buf[j] = ' ';
        printf("read %s %s\n", argv[i], buf);
        close(fd);
    }
    return 0;
}
