/* The bench's pipe floor: answers every line with the same line, at once, like an instant bot. */
#include <stdio.h>

int main(void) {
    char line[256];
    setvbuf(stdout, NULL, _IONBF, 0);
    while (fgets(line, sizeof line, stdin)) fputs(line, stdout);
    return 0;
}
