/* Starter bot for one-two-three: fills the first free cell, plus up to two cells to its right.
 *
 * Protocol: the bot is started afresh for every move and plays exactly one move.
 *   input:  "M N" (columns, rows), then N lines of M characters ('A', 'B' or '-' for free),
 *           then the letter of the player to move ('A' or 'B'); lines end with \r\n
 *   output: the board after the move, N lines of M characters
 * A move covers 1 to 3 cells in a straight line (here: a horizontal run); at least one must be
 * free, the others may be free or already ours, never the opponent's.
 * If the input is malformed (sizes outside 3..20, wrong characters or line lengths, a mover
 * other than A or B, a full board) the bot prints "error" and a line saying why.
 * Standard output is the board only: DEBUG messages go to standard error, which is logged.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void fail(const char *why) {
    printf("error\n%s\n", why);
    exit(0);
}

/* Reads one line without its line end; returns 0 at the end of the input. */
static int read_line(char *buf, int size) {
    if (!fgets(buf, size, stdin)) return 0;
    buf[strcspn(buf, "\r\n")] = '\0';
    return 1;
}

int main(void) {
    char line[256], board[20][21], rest[2];
    int cols, rows;
    if (!read_line(line, sizeof line) || sscanf(line, "%d %d%1s", &cols, &rows, rest) != 2)
        fail("the first line must be two numbers, M N");
    if (cols < 3 || cols > 20 || rows < 3 || rows > 20)
        fail("the board must be 3 to 20 columns by 3 to 20 rows");

    for (int r = 0; r < rows; r++) {
        if (!read_line(line, sizeof line)) fail("the input ended before the last row");
        if ((int)strlen(line) != cols || strspn(line, "AB-") != strlen(line))
            fail("every row must be M characters of A, B and -");
        strcpy(board[r], line);
    }
    if (!read_line(line, sizeof line) || (strcmp(line, "A") != 0 && strcmp(line, "B") != 0))
        fail("the last line must be the player to move, A or B");
    char me = line[0];

    /* The move: the first free cell, extended to the right over free cells and our own. */
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++) {
            if (board[r][c] != '-') continue;
            int placed = 0;
            while (placed < 3 && c + placed < cols &&
                   (board[r][c + placed] == '-' || board[r][c + placed] == me)) {
                board[r][c + placed] = me;
                placed++;
            }
            /* Rows and columns counted from 1, as the game's viewer and the judge's messages count them. */
            fprintf(stderr, "DEBUG %c placed %d cell(s) from row %d, column %d\n", me, placed, r + 1, c + 1);
            for (int i = 0; i < rows; i++) printf("%s\n", board[i]);
            return 0;
        }
    fail("the board is already full");
}
