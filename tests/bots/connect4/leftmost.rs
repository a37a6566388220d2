// Connect4 bot: always plays the leftmost column that is not full (assumes the 9x9 default).
use std::io::{self, BufRead, Write};

fn main() {
    let mut height = [0u32; 9];
    let mut my_turn = std::env::args().nth(1).as_deref() == Some("first");
    let stdin = io::stdin();
    let mut lines = stdin.lock().lines();
    if lines.next().is_none() {
        return; // no magic number
    }
    let mut out = io::stdout();
    loop {
        if my_turn {
            let c = (0..9).find(|&c| height[c] < 9).unwrap_or(0);
            height[c] += 1;
            writeln!(out, "{c}").unwrap();
            out.flush().unwrap();
        }
        let Some(Ok(line)) = lines.next() else { return };
        match line.trim().parse::<usize>() {
            Ok(n) if n < 9 => height[n] += 1,
            _ => return,
        }
        my_turn = true;
    }
}
