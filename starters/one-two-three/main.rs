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
use std::io::{self, BufRead};

fn fail(why: &str) -> ! {
    println!("error");
    println!("{why}");
    std::process::exit(0);
}

/// One input line without its line end, or None at the end of the input.
fn read_line(input: &mut impl BufRead) -> Option<String> {
    let mut raw = Vec::new();
    if input.read_until(b'\n', &mut raw).ok()? == 0 {
        return None;
    }
    let text = String::from_utf8_lossy(&raw);
    Some(text.trim_end_matches(['\r', '\n']).to_string())
}

fn main() {
    let mut input = io::stdin().lock();
    let header = read_line(&mut input).unwrap_or_default();
    let numbers: Vec<usize> = header.split(' ').filter_map(|p| p.parse().ok()).collect();
    if numbers.len() != 2 || header.split(' ').count() != 2 {
        fail("the first line must be two numbers, M N");
    }
    let (cols, rows) = (numbers[0], numbers[1]);
    if !(3..=20).contains(&cols) || !(3..=20).contains(&rows) {
        fail("the board must be 3 to 20 columns by 3 to 20 rows");
    }

    let mut board: Vec<Vec<u8>> = Vec::new();
    for _ in 0..rows {
        let Some(line) = read_line(&mut input) else { fail("the input ended before the last row") };
        if line.len() != cols || !line.bytes().all(|c| matches!(c, b'A' | b'B' | b'-')) {
            fail("every row must be M characters of A, B and -");
        }
        board.push(line.into_bytes());
    }
    let me = match read_line(&mut input).as_deref() {
        Some("A") => b'A',
        Some("B") => b'B',
        _ => fail("the last line must be the player to move, A or B"),
    };

    // The move: the first free cell, extended to the right over free cells and our own.
    let mut cells = (0..rows).flat_map(|r| (0..cols).map(move |c| (r, c)));
    let Some((row, col)) = cells.find(|&(r, c)| board[r][c] == b'-') else {
        fail("the board is already full")
    };
    let mut placed = 0;
    while placed < 3 && col + placed < cols {
        let cell = &mut board[row][col + placed];
        if *cell != b'-' && *cell != me {
            break; // the opponent's cell ends the piece
        }
        *cell = me;
        placed += 1;
    }
    // Rows and columns counted from 1, as the game's viewer and the judge's messages count them.
    eprintln!("DEBUG {} placed {placed} cell(s) from row {}, column {}", me as char, row + 1, col + 1);
    for line in &board {
        println!("{}", String::from_utf8_lossy(line));
    }
}
