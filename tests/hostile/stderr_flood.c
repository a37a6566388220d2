/* Writes to stderr forever. */
#include <string.h>
#include <unistd.h>
int main(void) {
    char buf[65536];
    memset(buf, 'e', sizeof buf);
    for (;;) if (write(2, buf, sizeof buf) < 0) return 1;
}
