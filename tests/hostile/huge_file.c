/* Writes a file in /tmp without end. */
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
int main(void) {
    int fd = open("/tmp/huge", O_WRONLY | O_CREAT | O_TRUNC, 0644);
    if (fd < 0) { perror("open"); return 1; }
    char buf[65536];
    memset(buf, 'h', sizeof buf);
    for (;;) if (write(fd, buf, sizeof buf) < 0) { perror("write"); return 1; }
}
