/* Writes to stdout forever. */
#include <string.h>
#include <unistd.h>
int main(void) {
    char buf[65536];
    memset(buf, 'x', sizeof buf);
    for (;;) if (write(1, buf, sizeof buf) < 0) return 1;
}
