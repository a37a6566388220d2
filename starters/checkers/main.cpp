// Starter bot for checkers: plays the first legal move it finds.
//
// Protocol (one line each way, flush after every line):
//   START 1 / START 2   you are Black (moves first, towards row 0) / White (towards row 7); answer OK
//   PLACE N r,c ...     the opponent's move: the N squares its piece stood on, start first
//   TURN                your move: answer "N r,c r,c ..." in the same form
//   END 0 / 1 / 2       draw / you won / you lost; the game is over
// Lines starting with DEBUG go to your game log. Captures are mandatory, and you must take the
// longest capture chain available (majority rule).
#include <cctype>
#include <cstdlib>
#include <iostream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

using namespace std;

using Square = pair<int, int>;  // (row, col)
using Move = vector<Square>;    // the squares the piece stands on, start first

// board[row][col]: '.' empty, 'b' / 'B' Black man / king, 'w' / 'W' White man / king.
char board[8][8];
char me = 'b';

const int DR[4] = {-1, -1, 1, 1}, DC[4] = {-1, 1, -1, 1};

bool on_board(int row, int col) { return row >= 0 && row < 8 && col >= 0 && col < 8; }

bool is_mine(char piece) { return piece != '.' && tolower(piece) == me; }

// Extends the jump chain `path` in every possible way; complete chains go to `chains`.
// `jumped` marks the pieces already jumped: they stay on the board until the move ends, and may
// not be jumped twice.
void capture_chains(Move& path, vector<vector<bool>>& jumped, vector<Move>& chains) {
    auto [row, col] = path.back();
    bool extended = false;
    for (int d = 0; d < 4; d++) {
        int over_r = row + DR[d], over_c = col + DC[d];
        int land_r = row + 2 * DR[d], land_c = col + 2 * DC[d];
        if (!on_board(land_r, land_c) || jumped[over_r][over_c]) continue;
        char victim = board[over_r][over_c];
        if (victim != '.' && !is_mine(victim) && board[land_r][land_c] == '.') {
            extended = true;
            jumped[over_r][over_c] = true;
            path.push_back({land_r, land_c});
            capture_chains(path, jumped, chains);
            path.pop_back();
            jumped[over_r][over_c] = false;
        }
    }
    if (!extended && path.size() > 1) chains.push_back(path);
}

// Every legal move of `me`.
vector<Move> legal_moves() {
    vector<Move> chains;
    for (int r = 0; r < 8; r++)
        for (int c = 0; c < 8; c++)
            if (is_mine(board[r][c])) {
                char piece = board[r][c];
                board[r][c] = '.';  // the piece has left its square while it jumps
                Move path = {{r, c}};
                vector<vector<bool>> jumped(8, vector<bool>(8, false));
                capture_chains(path, jumped, chains);
                board[r][c] = piece;
            }
    if (!chains.empty()) {  // only the longest captures are legal
        size_t longest = 0;
        for (auto& m : chains) longest = max(longest, m.size());
        vector<Move> best;
        for (auto& m : chains)
            if (m.size() == longest) best.push_back(m);
        return best;
    }
    vector<Move> steps;
    int forward = me == 'b' ? -1 : 1;
    for (int r = 0; r < 8; r++)
        for (int c = 0; c < 8; c++) {
            if (!is_mine(board[r][c])) continue;
            for (int d = 0; d < 4; d++) {
                if (islower(board[r][c]) && DR[d] != forward) continue;  // men step only forward
                int tr = r + DR[d], tc = c + DC[d];
                if (on_board(tr, tc) && board[tr][tc] == '.') steps.push_back({{r, c}, {tr, tc}});
            }
        }
    return steps;
}

// Plays a move (ours or the opponent's) on our copy of the board.
void play(const Move& m) {
    char piece = board[m[0].first][m[0].second];
    board[m[0].first][m[0].second] = '.';
    for (size_t i = 1; i < m.size(); i++)
        if (abs(m[i].first - m[i - 1].first) == 2)  // a jump: the piece in between is captured
            board[(m[i].first + m[i - 1].first) / 2][(m[i].second + m[i - 1].second) / 2] = '.';
    auto [r, c] = m.back();
    if ((piece == 'b' && r == 0) || (piece == 'w' && r == 7)) piece = toupper(piece);  // crowned
    board[r][c] = piece;
}

int main() {
    for (int r = 0; r < 8; r++)
        for (int c = 0; c < 8; c++)
            board[r][c] = (r + c) % 2 == 0 ? '.' : r <= 2 ? 'w' : r >= 5 ? 'b' : '.';

    string line;
    while (getline(cin, line)) {
        istringstream in(line);
        string word;
        in >> word;
        if (word == "START") {
            int field;
            in >> field;
            me = field == 1 ? 'b' : 'w';
            cout << "OK" << endl;
            cout << "DEBUG starter bot playing " << (me == 'b' ? "Black" : "White") << endl;
        } else if (word == "PLACE") {
            int n;
            in >> n;
            Move m;
            for (int i = 0; i < n; i++) {
                int r, c;
                char comma;
                in >> r >> comma >> c;
                m.push_back({r, c});
            }
            play(m);
        } else if (word == "TURN") {
            Move m = legal_moves()[0];  // TURN only comes when we have a move
            play(m);
            cout << m.size();
            for (auto [r, c] : m) cout << ' ' << r << ',' << c;
            cout << endl;  // endl also flushes
        } else if (word == "END") {
            break;
        }
    }
}
