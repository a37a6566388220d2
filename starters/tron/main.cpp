// Starter bot for tron: goes straight while it can, and turns to the first free cell when the
// cell ahead is taken.
//
// Protocol (real time; one line each way, flush after every line):
//   the judge sends your player number, "1" or "2": answer your name (3-9 of A-Z a-z 0-9 - _)
//   PELI W H ms      the grid is W x H and the lines move every ms milliseconds, starting 1 s from
//                    now; (0,0) is the bottom-left cell, +Y is up, and the grid wraps around at the
//                    edges. Player 1 starts on (0,0) going -X, player 2 on (1,0) going +X.
//   you print a direction, +X, -X, +Y or -Y, whenever you like: the last one printed before a tick
//   is used on that tick
//   SIIRTO 1 x y / SIIRTO 2 x y   every tick: the new head cells of both lines
//   LOPPU            the game is over
// Entering any used cell (either line's) crashes. Lines starting with DEBUG go to your game log.
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

using namespace std;

const string NAMES[4] = {"+X", "-X", "+Y", "-Y"};
const int DX[4] = {1, -1, 0, 0}, DY[4] = {0, 0, 1, -1};

int width = 0, height = 0;
vector<vector<bool>> used;  // used[x][y]: every cell either line has been on
int head_x[3], head_y[3];   // heads of players 1 and 2
int me, direction;          // direction: an index into NAMES

// Whether the cell one step from our head in direction d is used (the grid wraps around).
bool blocked(int d) {
    int x = (head_x[me] + DX[d] + width) % width;
    int y = (head_y[me] + DY[d] + height) % height;
    return used[x][y];
}

// Keeps the direction if the cell ahead is free, else takes the first free one.
void steer() {
    int choice = direction;
    if (blocked(choice))
        for (int d = 0; d < 4; d++)
            if (!blocked(d)) {
                choice = d;
                break;
            }
    if (choice != direction) {
        direction = choice;
        cout << NAMES[direction] << endl;  // endl also flushes
    }
}

int main() {
    string line;
    if (!getline(cin, line)) return 0;
    me = stoi(line);
    direction = me == 1 ? 1 : 0;  // the judge's default until we print one: -X / +X
    cout << "starter" << endl;
    while (getline(cin, line)) {
        istringstream in(line);
        string word;
        in >> word;
        if (word == "PELI") {
            int ms;
            in >> width >> height >> ms;
            used.assign(width, vector<bool>(height, false));
            head_x[1] = 0, head_y[1] = 0;
            head_x[2] = 1, head_y[2] = 0;
            used[0][0] = used[1][0] = true;
            cout << "DEBUG starter bot, player " << me << " on " << width << "x" << height << " every "
                 << ms << " ms" << endl;
            steer();
        } else if (word == "SIIRTO") {
            int player, x, y;
            in >> player >> x >> y;
            head_x[player] = x, head_y[player] = y;
            used[x][y] = true;
            if (player == 2) steer();  // both heads have moved: choose the next direction
        } else if (word == "LOPPU") {
            break;
        }
    }
}
