// Starter bot for checkers: plays the first legal move it finds.
//
// Protocol (one line each way, flush after every line):
//   START 1 / START 2   you are Black (moves first, towards row 0) / White (towards row 7); answer OK
//   PLACE N r,c ...     the opponent's move: the N squares its piece stood on, start first
//   TURN                your move: answer "N r,c r,c ..." in the same form
//   END 0 / 1 / 2       draw / you won / you lost; the game is over
// Lines starting with DEBUG go to your game log. Captures are mandatory, and you must take the
// longest capture chain available (majority rule).
use std::io::{self, BufRead, Write};

/// (row, col)
type Square = (i32, i32);
/// The squares the piece stands on, start first.
type Move = Vec<Square>;

const DIAGONALS: [(i32, i32); 4] = [(-1, -1), (-1, 1), (1, -1), (1, 1)];

/// Our copy of the game. board[row][col]: '.' empty, 'b' / 'B' Black man / king,
/// 'w' / 'W' White man / king.
struct Game {
    board: [[char; 8]; 8],
    me: char,
}

fn on_board((row, col): Square) -> bool {
    (0..8).contains(&row) && (0..8).contains(&col)
}

impl Game {
    fn new() -> Game {
        let mut board = [['.'; 8]; 8];
        for row in 0..8 {
            for col in 0..8 {
                if (row + col) % 2 == 1 {
                    // only dark squares are used
                    board[row][col] = if row <= 2 { 'w' } else if row >= 5 { 'b' } else { '.' };
                }
            }
        }
        Game { board, me: 'b' }
    }

    fn at(&self, (row, col): Square) -> char {
        self.board[row as usize][col as usize]
    }

    fn set(&mut self, (row, col): Square, piece: char) {
        self.board[row as usize][col as usize] = piece;
    }

    fn is_mine(&self, piece: char) -> bool {
        piece != '.' && piece.to_ascii_lowercase() == self.me
    }

    /// Extends the jump chain `path` in every possible way; complete chains go to `chains`.
    /// Jumped pieces stay on the board until the move ends, and may not be jumped twice.
    fn capture_chains(&self, path: &mut Move, jumped: &mut Vec<Square>, chains: &mut Vec<Move>) {
        let (row, col) = *path.last().unwrap();
        let mut extended = false;
        for (dr, dc) in DIAGONALS {
            let over = (row + dr, col + dc);
            let land = (row + 2 * dr, col + 2 * dc);
            if !on_board(land) || jumped.contains(&over) {
                continue;
            }
            let victim = self.at(over);
            if victim != '.' && !self.is_mine(victim) && self.at(land) == '.' {
                extended = true;
                jumped.push(over);
                path.push(land);
                self.capture_chains(path, jumped, chains);
                path.pop();
                jumped.pop();
            }
        }
        if !extended && path.len() > 1 {
            chains.push(path.clone());
        }
    }

    /// Every legal move of our side.
    fn legal_moves(&mut self) -> Vec<Move> {
        let mut chains = Vec::new();
        for row in 0..8 {
            for col in 0..8 {
                let piece = self.at((row, col));
                if self.is_mine(piece) {
                    self.set((row, col), '.'); // the piece has left its square while it jumps
                    self.capture_chains(&mut vec![(row, col)], &mut Vec::new(), &mut chains);
                    self.set((row, col), piece);
                }
            }
        }
        if !chains.is_empty() {
            // only the longest captures are legal
            let longest = chains.iter().map(Vec::len).max().unwrap();
            chains.retain(|m| m.len() == longest);
            return chains;
        }
        let forward = if self.me == 'b' { -1 } else { 1 };
        let mut steps = Vec::new();
        for row in 0..8 {
            for col in 0..8 {
                let piece = self.at((row, col));
                if !self.is_mine(piece) {
                    continue;
                }
                for (dr, dc) in DIAGONALS {
                    if piece.is_ascii_lowercase() && dr != forward {
                        continue; // men step only forward; kings step any way
                    }
                    let to = (row + dr, col + dc);
                    if on_board(to) && self.at(to) == '.' {
                        steps.push(vec![(row, col), to]);
                    }
                }
            }
        }
        steps
    }

    /// Plays a move (ours or the opponent's) on our copy of the board.
    fn play(&mut self, m: &Move) {
        let mut piece = self.at(m[0]);
        self.set(m[0], '.');
        for pair in m.windows(2) {
            let ((r0, c0), (r1, c1)) = (pair[0], pair[1]);
            if (r1 - r0).abs() == 2 {
                // a jump: the piece in between is captured
                self.set(((r0 + r1) / 2, (c0 + c1) / 2), '.');
            }
        }
        let to = *m.last().unwrap();
        if (piece == 'b' && to.0 == 0) || (piece == 'w' && to.0 == 7) {
            piece = piece.to_ascii_uppercase(); // crowned on the far row
        }
        self.set(to, piece);
    }
}

fn main() {
    let mut game = Game::new();
    let mut out = io::stdout();
    for line in io::stdin().lock().lines() {
        let line = line.unwrap();
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.first().copied() {
            Some("START") => {
                game.me = if words[1] == "1" { 'b' } else { 'w' };
                writeln!(out, "OK").unwrap();
                let colour = if game.me == 'b' { "Black" } else { "White" };
                writeln!(out, "DEBUG starter bot playing {colour}").unwrap();
                out.flush().unwrap();
            }
            Some("PLACE") => {
                let m: Move = words[2..]
                    .iter()
                    .map(|sq| {
                        let (r, c) = sq.split_once(',').unwrap();
                        (r.parse().unwrap(), c.parse().unwrap())
                    })
                    .collect();
                game.play(&m);
            }
            Some("TURN") => {
                let m = game.legal_moves().remove(0); // TURN only comes when we have a move
                game.play(&m);
                let squares: Vec<String> = m.iter().map(|(r, c)| format!("{r},{c}")).collect();
                writeln!(out, "{} {}", m.len(), squares.join(" ")).unwrap();
                out.flush().unwrap();
            }
            Some("END") => break,
            _ => {}
        }
    }
}
