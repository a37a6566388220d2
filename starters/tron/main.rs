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
use std::io::{self, BufRead, Write};

/// The directions as printed, with their (dx, dy) steps.
const DIRECTIONS: [(&str, i32, i32); 4] = [("+X", 1, 0), ("-X", -1, 0), ("+Y", 0, 1), ("-Y", 0, -1)];

/// Our copy of the game.
struct Game {
    width: i32,
    height: i32,
    /// used[x][y]: every cell either line has been on.
    used: Vec<Vec<bool>>,
    /// The heads of players 1 and 2 (index 0 unused), as (x, y).
    heads: [(i32, i32); 3],
    me: usize,
    /// The direction we go in: an index into DIRECTIONS.
    direction: usize,
}

impl Game {
    /// Whether the cell one step from our head in direction d is used (the grid wraps around).
    fn blocked(&self, d: usize) -> bool {
        let (_, dx, dy) = DIRECTIONS[d];
        let (x, y) = self.heads[self.me];
        self.used[(x + dx).rem_euclid(self.width) as usize][(y + dy).rem_euclid(self.height) as usize]
    }

    /// Keeps the direction if the cell ahead is free, else takes the first free one; prints it
    /// when it changes.
    fn steer(&mut self, out: &mut impl Write) {
        let mut choice = self.direction;
        if self.blocked(choice) {
            choice = (0..4).find(|&d| !self.blocked(d)).unwrap_or(choice);
        }
        if choice != self.direction {
            self.direction = choice;
            writeln!(out, "{}", DIRECTIONS[choice].0).unwrap();
            out.flush().unwrap();
        }
    }
}

fn main() {
    let mut lines = io::stdin().lock().lines().map(|l| l.unwrap());
    let mut out = io::stdout();
    let me: usize = lines.next().unwrap().trim().parse().unwrap();
    // The judge's default until we print one: -X for player 1, +X for player 2.
    let direction = if me == 1 { 1 } else { 0 };
    let mut game = Game { width: 0, height: 0, used: Vec::new(), heads: [(0, 0); 3], me, direction };
    writeln!(out, "starter").unwrap();
    out.flush().unwrap();
    for line in lines {
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.first().copied() {
            Some("PELI") => {
                game.width = words[1].parse().unwrap();
                game.height = words[2].parse().unwrap();
                game.used = vec![vec![false; game.height as usize]; game.width as usize];
                game.heads = [(0, 0), (0, 0), (1, 0)];
                game.used[0][0] = true;
                game.used[1][0] = true;
                let (w, h, ms) = (game.width, game.height, words[3]);
                writeln!(out, "DEBUG starter bot, player {me} on {w}x{h} every {ms} ms").unwrap();
                out.flush().unwrap();
                game.steer(&mut out);
            }
            Some("SIIRTO") => {
                let player: usize = words[1].parse().unwrap();
                let (x, y): (i32, i32) = (words[2].parse().unwrap(), words[3].parse().unwrap());
                game.heads[player] = (x, y);
                game.used[x as usize][y as usize] = true;
                if player == 2 {
                    game.steer(&mut out); // both heads have moved: choose the next direction
                }
            }
            Some("LOPPU") => break,
            _ => {}
        }
    }
}
