/* Answers TURN with two moves: the second is owed to nobody. */
#include <stdio.h>
#include <string.h>

int main(void) {
    char line[256];
    while (fgets(line, sizeof line, stdin)) {
        if (strncmp(line, "START", 5) == 0) {
            printf("OK\n");
        } else if (strncmp(line, "TURN", 4) == 0) {
            printf("1\n1\n");
        } else if (strncmp(line, "END", 3) == 0) {
            return 0;
        }
        fflush(stdout);
    }
    return 0;
}
