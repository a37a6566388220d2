/* Answers TURN with a line of 2 MiB. */
#include <stdio.h>
#include <string.h>

int main(void) {
    char line[256];
    while (fgets(line, sizeof line, stdin)) {
        if (strncmp(line, "START", 5) == 0) {
            printf("OK\n");
            fflush(stdout);
        } else if (strncmp(line, "TURN", 4) == 0) {
            for (int i = 0; i < 2 * 1024 * 1024; i++) putchar('1');
            putchar('\n');
            fflush(stdout);
        }
    }
    return 0;
}
