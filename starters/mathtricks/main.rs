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
use std::io::{self, BufRead, Write};

/// Our copy of the game.
struct Game {
    width: i32,
    height: i32,
    /// cells[y][x]: the operation text, e.g. "*2" (unused yet: a better bot would look at it).
    #[allow(dead_code)]
    cells: Vec<Vec<String>>,
    /// visited[y][x]: whether a pawn has ever stood there.
    visited: Vec<Vec<bool>>,
    /// The pawns of players 1 and 2 (index 0 unused), as (x, y).
    pawns: [(i32, i32); 3],
}

impl Game {
    fn visit(&mut self, player: usize, (x, y): (i32, i32)) {
        self.pawns[player] = (x, y);
        self.visited[y as usize][x as usize] = true;
    }

    /// The first neighbour of the player's pawn on the board that no pawn has visited.
    fn first_free_neighbour(&self, player: usize) -> Option<(i32, i32)> {
        let (px, py) = self.pawns[player];
        for dy in -1..=1 {
            for dx in -1..=1 {
                let (x, y) = (px + dx, py + dy);
                if (0..self.width).contains(&x)
                    && (0..self.height).contains(&y)
                    && !self.visited[y as usize][x as usize]
                {
                    return Some((x, y));
                }
            }
        }
        None
    }
}

fn main() {
    let mut lines = io::stdin().lock().lines().map(|l| l.unwrap());
    let mut out = io::stdout();
    let mut me = 1;
    let mut game = Game { width: 0, height: 0, cells: Vec::new(), visited: Vec::new(), pawns: [(0, 0); 3] };
    while let Some(line) = lines.next() {
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.first().copied() {
            Some("START") => {
                me = words[1].parse().unwrap();
                writeln!(out, "OK").unwrap();
                out.flush().unwrap();
            }
            Some("BOARD") => {
                let (width, height): (i32, i32) = (words[1].parse().unwrap(), words[2].parse().unwrap());
                let cells = (0..height)
                    .map(|_| lines.next().unwrap().split_whitespace().map(String::from).collect())
                    .collect();
                let visited = vec![vec![false; width as usize]; height as usize];
                game = Game { width, height, cells, visited, pawns: [(0, 0); 3] };
                game.visit(1, (0, 0));
                game.visit(2, (width - 1, height - 1));
                writeln!(out, "DEBUG starter bot, player {me} on a {width}x{height} board").unwrap();
                out.flush().unwrap();
            }
            Some("MOVE") => {
                let (x, y) = (words[1].parse().unwrap(), words[2].parse().unwrap());
                game.visit(3 - me, (x, y));
            }
            Some("TURN") => {
                // TURN only comes when we have a move.
                let (x, y) = game.first_free_neighbour(me).unwrap();
                game.visit(me, (x, y));
                writeln!(out, "{x} {y}").unwrap();
                out.flush().unwrap();
            }
            Some("END") => break,
            _ => {}
        }
    }
}
