/* Connect4 bot that plays legally (leftmost column) but first tries to read secrets and prints
 * whatever it got as DEBUG lines, which end up in the game's log. Nothing may leak. */
#include <stdio.h>
#include <string.h>

static void snoop(const char *path) {
    FILE *f = fopen(path, "r");
    if (!f) { printf("DEBUG denied %s\n", path); return; }
    char buf[256] = {0};
    size_t n = fread(buf, 1, sizeof buf - 1, f);
    for (size_t i = 0; i < n; i++) if (buf[i] == '\n' || buf[i] == 0) buf[i] = ' ';
    printf("DEBUG read %s %s\n", path, buf);
    fclose(f);
}

int main(int argc, char **argv) {
    int height[9] = {0};
    char line[64];
    int my_turn = argc > 1 && strcmp(argv[1], "first") == 0;
    setvbuf(stdout, NULL, _IONBF, 0);
    snoop("/etc/shadow");
    snoop("/proc/1/environ");
    snoop("/root/.bash_history");
    if (!fgets(line, sizeof line, stdin)) return 0;
    for (;;) {
        if (my_turn) {
            int c = 0;
            while (c < 9 && height[c] >= 9) c++;
            height[c]++;
            printf("%d\n", c);
        }
        if (!fgets(line, sizeof line, stdin)) return 0;
        int n;
        if (sscanf(line, "%d", &n) != 1 || n >= 10) return 0;
        height[n]++;
        my_turn = 1;
    }
}
