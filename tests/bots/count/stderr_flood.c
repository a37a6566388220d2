/* Says OK, then writes 80 MiB to standard error when asked for a move. */
#include <stdio.h>
#include <string.h>

int main(void) {
    static char chunk[1 << 20];
    char line[256];
    memset(chunk, 'e', sizeof chunk);
    while (fgets(line, sizeof line, stdin)) {
        if (strncmp(line, "START", 5) == 0) {
            printf("OK\n");
            fflush(stdout);
        } else if (strncmp(line, "TURN", 4) == 0) {
            for (int i = 0; i < 80; i++) fwrite(chunk, 1, sizeof chunk, stderr);
            printf("1\n");
            fflush(stdout);
        }
    }
    return 0;
}
