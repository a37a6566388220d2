/* Touches memory one MiB at a time until allocation fails, then aborts. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(void) {
    char line[256];
    while (fgets(line, sizeof line, stdin)) {
        if (strncmp(line, "START", 5) == 0) {
            printf("OK\n");
            fflush(stdout);
        } else if (strncmp(line, "TURN", 4) == 0) {
            for (;;) {
                char *p = malloc(1 << 20);
                if (!p) abort();
                memset(p, 1, 1 << 20);
            }
        }
    }
    return 0;
}
