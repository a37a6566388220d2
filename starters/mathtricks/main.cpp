// Starter bot for mathtricks: moves to the first free neighbouring cell it finds.
//
// Protocol (one line each way, flush after every line):
//   START 1 / START 2      your player number; answer OK
//   BOARD W H              sent right after your OK, followed by H lines of W cells such as
//                          "+3 -4 *2 /2 +0 *0" (cell x y is column x of line y; 0 0 is top-left)
//   MOVE x y               the opponent moved its pawn to x y
//   TURN                   your move: answer "x y", one of the 8 neighbouring cells of your pawn
//                          that no pawn has ever visited
//   END 0 / 1 / 2          draw / you won / you lost; the game is over
// Each cell's operation is applied to the mover's total; the higher total wins at the end.
// Lines starting with DEBUG go to your game log.
#include <iostream>
#include <string>
#include <vector>

using namespace std;

int width = 0, height = 0;
vector<vector<string>> cells;  // cells[y][x]: the operation text, e.g. "*2"
vector<vector<bool>> visited;  // whether a pawn has ever stood there
int pawn_x[3], pawn_y[3];      // pawns of players 1 and 2

int main() {
    int me = 1;
    string word;
    while (cin >> word) {
        if (word == "START") {
            cin >> me;
            cout << "OK" << endl;  // endl also flushes
        } else if (word == "BOARD") {
            cin >> width >> height;
            cells.assign(height, vector<string>(width));
            for (auto& row : cells)
                for (auto& cell : row) cin >> cell;
            visited.assign(height, vector<bool>(width, false));
            pawn_x[1] = 0, pawn_y[1] = 0;
            pawn_x[2] = width - 1, pawn_y[2] = height - 1;
            visited[0][0] = visited[height - 1][width - 1] = true;
            cout << "DEBUG starter bot, player " << me << " on a " << width << "x" << height
                 << " board" << endl;
        } else if (word == "MOVE") {
            int x, y;
            cin >> x >> y;
            pawn_x[3 - me] = x, pawn_y[3 - me] = y;
            visited[y][x] = true;
        } else if (word == "TURN") {
            // TURN only comes when we have a move: take the first free neighbour.
            bool moved = false;
            for (int dy = -1; dy <= 1 && !moved; dy++)
                for (int dx = -1; dx <= 1 && !moved; dx++) {
                    int x = pawn_x[me] + dx, y = pawn_y[me] + dy;
                    if (x < 0 || x >= width || y < 0 || y >= height || visited[y][x]) continue;
                    pawn_x[me] = x, pawn_y[me] = y;
                    visited[y][x] = true;
                    cout << x << " " << y << endl;
                    moved = true;
                }
        } else if (word == "END") {
            break;
        }
    }
}
