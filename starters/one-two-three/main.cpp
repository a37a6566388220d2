// Starter bot for one-two-three: fills the first free cell, plus up to two cells to its right.
//
// Protocol: the bot is started afresh for every move and plays exactly one move.
//   input:  "M N" (columns, rows), then N lines of M characters ('A', 'B' or '-' for free),
//           then the letter of the player to move ('A' or 'B'); lines end with \r\n
//   output: the board after the move, N lines of M characters
// A move covers 1 to 3 cells in a straight line (here: a horizontal run); at least one must be
// free, the others may be free or already ours, never the opponent's.
// If the input is malformed (sizes outside 3..20, wrong characters or line lengths, a mover
// other than A or B, a full board) the bot prints "error" and a line saying why.
// Standard output is the board only: DEBUG messages go to standard error, which is logged.
#include <cstdlib>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

using namespace std;

[[noreturn]] void fail(const string& why) {
    cout << "error\n" << why << endl;
    exit(0);
}

// Reads one line without its line end; false at the end of the input.
bool read_line(string& line) {
    if (!getline(cin, line)) return false;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    return true;
}

int main() {
    string line;
    int cols = 0, rows = 0;
    char rest;
    istringstream header(read_line(line) ? line : "");
    if (!(header >> cols >> rows) || header >> rest) fail("the first line must be two numbers, M N");
    if (cols < 3 || cols > 20 || rows < 3 || rows > 20)
        fail("the board must be 3 to 20 columns by 3 to 20 rows");

    vector<string> board;
    for (int r = 0; r < rows; r++) {
        if (!read_line(line)) fail("the input ended before the last row");
        if ((int)line.size() != cols || line.find_first_not_of("AB-") != string::npos)
            fail("every row must be M characters of A, B and -");
        board.push_back(line);
    }
    if (!read_line(line) || (line != "A" && line != "B"))
        fail("the last line must be the player to move, A or B");
    char me = line[0];

    // The move: the first free cell, extended to the right over free cells and our own.
    for (int r = 0; r < rows; r++)
        for (int c = 0; c < cols; c++) {
            if (board[r][c] != '-') continue;
            int placed = 0;
            while (placed < 3 && c + placed < cols &&
                   (board[r][c + placed] == '-' || board[r][c + placed] == me)) {
                board[r][c + placed] = me;
                placed++;
            }
            // Rows and columns counted from 1, as the game's viewer and the judge's messages count them.
            cerr << "DEBUG " << me << " placed " << placed << " cell(s) from row " << r + 1 << ", column "
                 << c + 1 << endl;
            for (auto& row : board) cout << row << '\n';
            return 0;
        }
    fail("the board is already full");
}
