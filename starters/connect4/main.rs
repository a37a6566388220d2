// Starter bot for connect4 (9 x 9 grid): drops its disc into the first column that is not full.
//
// Protocol (one number per line, flush after every line):
//   the bot is started with one argument, "first" or "second";
//   the judge sends a "magic number" first (read it; you may ignore it);
//   then the players print their columns (0..8) in turn, and the judge sends each column to the
//   other player, whose turn it then is;
//   at the end the judge sends 10 (you won), 11 (you lost) or 12 (draw).
// Lines starting with DEBUG go to your game log.
use std::io::{self, BufRead, Write};

// The protocol does not send the grid size: change these if your contest sets other rows/cols.
const ROWS: usize = 9;
const COLS: usize = 9;

/// Our copy of the grid. grid[row][col], row 0 at the bottom: 0 empty, 1 our disc, 2 the
/// opponent's; height[col] is the number of discs in a column = the row the next disc lands on.
struct Grid {
    grid: [[u8; COLS]; ROWS],
    height: [usize; COLS],
}

impl Grid {
    fn drop(&mut self, col: usize, who: u8) {
        self.grid[self.height[col]][col] = who;
        self.height[col] += 1;
    }

    /// The first column that is not full, or None when the grid is full.
    fn choose(&self) -> Option<usize> {
        (0..COLS).find(|&col| self.height[col] < ROWS)
    }

    /// Plays our move and prints it.
    fn play(&mut self) {
        // A full grid means the game is over: the final code follows.
        if let Some(col) = self.choose() {
            self.drop(col, 1);
            println!("{col}"); // println! flushes at the end of the line
        }
    }
}

fn main() {
    let side = std::env::args().nth(1).unwrap_or_default();
    let mut lines = io::stdin().lock().lines();
    let magic = lines.next().unwrap().unwrap();
    println!("DEBUG starter bot, playing {side}, magic number {}", magic.trim());
    io::stdout().flush().unwrap();
    let mut grid = Grid { grid: [[0; COLS]; ROWS], height: [0; COLS] };
    if side == "first" {
        grid.play();
    }
    for line in lines {
        let number: usize = line.unwrap().trim().parse().unwrap();
        if number >= 10 {
            break; // 10 won, 11 lost, 12 draw: the game is over
        }
        grid.drop(number, 2); // the opponent's column; now it is our turn
        // (if that move ended the game, the judge ignores this answer and sends the final code)
        grid.play();
    }
}
