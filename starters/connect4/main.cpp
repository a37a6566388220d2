// Starter bot for connect4 (9 x 9 grid): drops its disc into the first column that is not full.
//
// Protocol (one number per line, flush after every line):
//   the bot is started with one argument, "first" or "second";
//   the judge sends a "magic number" first (read it; you may ignore it);
//   then the players print their columns (0..8) in turn, and the judge sends each column to the
//   other player, whose turn it then is;
//   at the end the judge sends 10 (you won), 11 (you lost) or 12 (draw).
// Lines starting with DEBUG go to your game log.
#include <iostream>
#include <string>
#include <vector>

using namespace std;

// The protocol does not send the grid size: change these if your contest sets other rows/cols.
const int ROWS = 9, COLS = 9;

// grid[row][col], row 0 at the bottom: 0 empty, 1 our disc, 2 the opponent's.
vector<vector<int>> grid(ROWS, vector<int>(COLS, 0));
vector<int> height(COLS, 0);  // discs in each column = the row the next disc lands on

void drop(int col, int who) {
    grid[height[col]][col] = who;
    height[col]++;
}

// The first column that is not full, or -1 when the grid is full.
int choose() {
    for (int col = 0; col < COLS; col++)
        if (height[col] < ROWS) return col;
    return -1;
}

void play() {
    int col = choose();
    if (col < 0) return;  // the grid is full: the game is over and the final code follows
    drop(col, 1);
    cout << col << endl;  // endl also flushes
}

int main(int argc, char** argv) {
    string side = argc > 1 ? argv[1] : "";
    string magic;
    if (!getline(cin, magic)) return 0;
    if (!magic.empty() && magic.back() == '\r') magic.pop_back();
    cout << "DEBUG starter bot, playing " << side << ", magic number " << magic << endl;
    if (side == "first") play();
    int number;
    while (cin >> number) {
        if (number >= 10) break;  // 10 won, 11 lost, 12 draw: the game is over
        drop(number, 2);          // the opponent's column; now it is our turn
        // (if that move ended the game, the judge ignores this answer and sends the final code)
        play();
    }
}
