//! House bots for `connect4`.
//!
//! Protocol (spec and CONTRACTS): argv `first`/`second`; one "magic number" line first; then
//! columns, one per line, alternating; the game ends with a code `10` (won), `11` (lost) or `12`
//! (draw). Levels: `random`; `level1` wins at once if it can, blocks the opponent's immediate
//! win, avoids giving one away, and otherwise plays near the centre; `level2` searches with
//! alpha-beta (iterative deepening, window evaluation) within its time budget.

use crate::games::connect4::{Column, Connect4};
use crate::games::{Side, TurnGame};
use anyhow::{bail, Context};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::io::{BufRead, Write};
use std::time::{Duration, Instant};

pub use super::Level;

/// The game's default time per move when the judge does not say (spec: 5 s).
const DEFAULT_MOVE_MS: u64 = 5000;

/// Plays one game on stdin/stdout.
///
/// The grid size comes from `BOTARENA_ROWS`, `BOTARENA_COLS` and `BOTARENA_CONNECT` when the
/// judge sets them (the protocol itself never says; default 9 x 9, 4 in a row). Codes and
/// columns share one channel, and on boards of more than 10 columns `10`..`12` are also
/// columns: a number is read as a column when the opponent owes a move and the column can be
/// played, otherwise as the final code. End of input also ends the game.
pub fn run(level: &str, args: &[String], seed: u64) -> anyhow::Result<()> {
    let level: Level = level.parse()?;
    let me = match args.first().map(String::as_str) {
        Some("first") => Side::First,
        Some("second") => Side::Second,
        other => bail!("connect4 bots take `first` or `second` as their argument, got {other:?}"),
    };
    let env = |name: &str, default: u64| {
        std::env::var(name).ok().and_then(|v| v.trim().parse::<u64>().ok()).unwrap_or(default)
    };
    let rows = env("BOTARENA_ROWS", 9).clamp(1, 64) as u32;
    let cols = env("BOTARENA_COLS", 9).clamp(1, 64) as u32;
    let connect = env("BOTARENA_CONNECT", 4).clamp(1, 64) as u32;
    let clock = Clock::new(env("BOTARENA_MOVE_MS", DEFAULT_MOVE_MS), env("BOTARENA_BANK_MS", 0));
    let game = Connect4::new(rows, cols, connect);
    serve(level, me, game, clock, seed, &mut std::io::stdin().lock(), &mut std::io::stdout().lock())
}

/// The protocol loop of [`run`] on any streams, so that tests can drive it in-process.
fn serve(
    level: Level,
    me: Side,
    mut game: Connect4,
    mut clock: Clock,
    seed: u64,
    input: &mut impl BufRead,
    stdout: &mut impl Write,
) -> anyhow::Result<()> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut line = String::new();
    let mut next_line = |line: &mut String| -> anyhow::Result<bool> {
        loop {
            line.clear();
            if input.read_line(line).context("reading the judge's lines")? == 0 {
                return Ok(false);
            }
            if !line.trim().is_empty() {
                return Ok(true);
            }
        }
    };
    // The magic number: read and ignored.
    if !next_line(&mut line)? {
        return Ok(());
    }
    loop {
        if game.outcome().is_none() && game.turn() == me {
            let started = Instant::now();
            let mv = choose(level, &game, &mut rng, clock.budget(&game));
            clock.spent(started.elapsed());
            game.play(&mv).context("the house bot chose an illegal move")?;
            writeln!(stdout, "{mv}")?;
            stdout.flush()?;
            continue;
        }
        if !next_line(&mut line)? {
            return Ok(());
        }
        let n: u32 = match line.trim().parse() {
            Ok(n) => n,
            Err(_) => bail!("expected a column or a final code from the judge, got {:?}", line.trim()),
        };
        let is_column = game.outcome().is_none() && game.clone().play(&Column(n)).is_ok();
        if is_column {
            game.play(&Column(n))?;
        } else if (10..=12).contains(&n) {
            return Ok(());
        } else {
            bail!("the judge sent column {n}, which cannot be played");
        }
    }
}

/// Time accounting for one game: at most ~30 % of the move time per move, and never more than
/// the remaining bank spread over the moves still to come.
struct Clock {
    move_ms: u64,
    bank_ms: u64,
    used: Duration,
}

impl Clock {
    fn new(move_ms: u64, bank_ms: u64) -> Clock {
        Clock { move_ms, bank_ms, used: Duration::ZERO }
    }

    fn budget(&self, game: &Connect4) -> Duration {
        let mut budget = Duration::from_millis(self.move_ms * 3 / 10);
        if self.bank_ms > 0 {
            let left = Duration::from_millis(self.bank_ms).saturating_sub(self.used);
            let filled: u32 = (0..game.cols()).map(|c| game.height(c)).sum();
            let my_moves_left = (game.rows() * game.cols() - filled) / 2 + 1;
            budget = budget.min(left * 3 / 10 / my_moves_left.max(1));
        }
        budget
    }

    fn spent(&mut self, d: Duration) {
        self.used += d;
    }
}

/// Picks a move for the side to move. `budget` bounds level2's search; the other levels answer
/// at once. Panics if the game is over (there is no move to choose).
pub fn choose(level: Level, game: &Connect4, rng: &mut impl Rng, budget: Duration) -> Column {
    let moves = game.legal_moves();
    assert!(!moves.is_empty(), "choose called on a finished game");
    match level {
        Level::Random => *moves.choose(rng).expect("non-empty"),
        Level::Level1 => heuristic(game, &moves, rng),
        Level::Level2 => Search::new(game, budget).best(rng),
    }
}

/// Level 1: win now, else block the opponent's win now, else a column that does not hand the
/// opponent a win just above, nearest the centre (ties at random).
fn heuristic(game: &Connect4, moves: &[Column], rng: &mut impl Rng) -> Column {
    let me = game.turn();
    if let Some(&m) = moves.iter().find(|m| game.wins_with(m.0, me)) {
        return m;
    }
    if let Some(&m) = moves.iter().find(|m| game.wins_with(m.0, me.other())) {
        return m;
    }
    let safe: Vec<Column> = moves
        .iter()
        .copied()
        .filter(|m| {
            let mut after = game.clone();
            after.play(m).is_ok() && !after.wins_with(m.0, me.other())
        })
        .collect();
    let pool = if safe.is_empty() { moves.to_vec() } else { safe };
    let centre = |m: &Column| (2 * m.0 as i64 - (game.cols() as i64 - 1)).abs();
    let best = pool.iter().map(centre).min().expect("non-empty");
    let nearest: Vec<Column> = pool.into_iter().filter(|m| centre(m) == best).collect();
    *nearest.choose(rng).expect("non-empty")
}

/// Scores beyond any evaluation: a win found `ply` moves ahead is `WIN - ply`.
const WIN: i32 = 1_000_000;

/// Level 2's search state: a compact copy of the grid with make/unmake.
struct Search {
    rows: usize,
    cols: usize,
    connect: usize,
    /// 0 free, 1 first, 2 second; row-major from the bottom.
    cells: Vec<u8>,
    heights: Vec<usize>,
    filled: usize,
    /// The player to move (1 or 2).
    to_move: u8,
    /// Every line of `connect` cells, as cell indices (for the evaluation).
    windows: Vec<Vec<usize>>,
    /// Columns from the centre outwards.
    order: Vec<usize>,
    deadline: Instant,
    nodes: u64,
    out_of_time: bool,
}

impl Search {
    fn new(game: &Connect4, budget: Duration) -> Search {
        let (rows, cols, connect) = (game.rows() as usize, game.cols() as usize, game.connect() as usize);
        let mut cells = vec![0u8; rows * cols];
        for r in 0..rows {
            for c in 0..cols {
                cells[r * cols + c] = match game.cell(r as u32, c as u32) {
                    None => 0,
                    Some(Side::First) => 1,
                    Some(Side::Second) => 2,
                };
            }
        }
        let heights = (0..cols).map(|c| game.height(c as u32) as usize).collect();
        let mut windows = Vec::new();
        for r in 0..rows as i64 {
            for c in 0..cols as i64 {
                for (dr, dc) in [(0i64, 1i64), (1, 0), (1, 1), (1, -1)] {
                    let end = (r + dr * (connect as i64 - 1), c + dc * (connect as i64 - 1));
                    if end.0 < rows as i64 && end.1 >= 0 && end.1 < cols as i64 {
                        windows.push(
                            (0..connect as i64)
                                .map(|k| ((r + k * dr) * cols as i64 + c + k * dc) as usize)
                                .collect(),
                        );
                    }
                }
            }
        }
        let mut order: Vec<usize> = (0..cols).collect();
        order.sort_by_key(|&c| (2 * c as i64 - (cols as i64 - 1)).abs());
        Search {
            rows,
            cols,
            connect,
            filled: cells.iter().filter(|&&x| x != 0).count(),
            cells,
            heights,
            to_move: if game.turn() == Side::First { 1 } else { 2 },
            windows,
            order,
            deadline: Instant::now() + budget,
            nodes: 0,
            out_of_time: false,
        }
    }

    /// Iterative deepening from depth 1 until the budget runs out; the last completed depth's
    /// best move is played (depth 1 always completes, so a move is always found).
    fn best(&mut self, rng: &mut impl Rng) -> Column {
        let mut root: Vec<usize> =
            self.order.iter().copied().filter(|&c| self.heights[c] < self.rows).collect();
        // A little variety between games with equal scores: shuffle, then stable-sort by centre.
        root.shuffle(rng);
        root.sort_by_key(|&c| (2 * c as i64 - (self.cols as i64 - 1)).abs());
        let mut best = root[0];
        let max_depth = self.rows * self.cols - self.filled;
        for depth in 1..=max_depth {
            let mut alpha = -WIN - 1;
            let mut depth_best = None;
            let mut scores = Vec::with_capacity(root.len());
            for &c in &root {
                let score = if self.wins(c) {
                    WIN
                } else {
                    self.make(c);
                    let s = -self.negamax(depth - 1, 1, -WIN - 1, -alpha);
                    self.unmake(c);
                    s
                };
                if self.out_of_time && depth > 1 {
                    break;
                }
                scores.push((c, score));
                if score > alpha {
                    alpha = score;
                    depth_best = Some(c);
                }
            }
            if self.out_of_time && depth > 1 {
                break;
            }
            if let Some(c) = depth_best {
                best = c;
                // Search the best move first next time.
                root.retain(|&x| x != c);
                root.insert(0, c);
            }
            if alpha >= WIN - max_depth as i32 || alpha <= -WIN + max_depth as i32 {
                break; // the result is proven
            }
            if self.out_of_time {
                break;
            }
        }
        Column(best as u32)
    }

    fn negamax(&mut self, depth: usize, ply: i32, mut alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        if self.nodes & 1023 == 0 && Instant::now() >= self.deadline {
            self.out_of_time = true;
        }
        if self.out_of_time {
            return 0;
        }
        for i in 0..self.cols {
            let c = self.order[i];
            if self.heights[c] < self.rows && self.wins(c) {
                return WIN - ply;
            }
        }
        if self.filled + 1 >= self.rows * self.cols {
            return 0; // the last disc cannot win (checked above): a draw
        }
        if depth == 0 {
            return self.evaluate();
        }
        let mut best = -WIN - 1;
        for i in 0..self.cols {
            let c = self.order[i];
            if self.heights[c] >= self.rows {
                continue;
            }
            self.make(c);
            let score = -self.negamax(depth - 1, ply + 1, -beta, -alpha);
            self.unmake(c);
            if score > best {
                best = score;
            }
            if best > alpha {
                alpha = best;
            }
            if alpha >= beta {
                break;
            }
        }
        best
    }

    fn make(&mut self, col: usize) {
        self.cells[self.heights[col] * self.cols + col] = self.to_move;
        self.heights[col] += 1;
        self.filled += 1;
        self.to_move = 3 - self.to_move;
    }

    fn unmake(&mut self, col: usize) {
        self.heights[col] -= 1;
        self.cells[self.heights[col] * self.cols + col] = 0;
        self.filled -= 1;
        self.to_move = 3 - self.to_move;
    }

    /// Whether the player to move wins by dropping into `col` (not full).
    fn wins(&self, col: usize) -> bool {
        let row = self.heights[col] as i64;
        let me = self.to_move;
        let run = |dr: i64, dc: i64| {
            let (mut r, mut c, mut n) = (row + dr, col as i64 + dc, 0);
            while r >= 0
                && c >= 0
                && r < self.rows as i64
                && c < self.cols as i64
                && self.cells[(r * self.cols as i64 + c) as usize] == me
            {
                n += 1;
                r += dr;
                c += dc;
            }
            n
        };
        [(0, 1), (1, 0), (1, 1), (1, -1)]
            .iter()
            .any(|&(dr, dc)| 1 + run(dr, dc) + run(-dr, -dc) >= self.connect)
    }

    /// Open lines: each window holding discs of only one player scores by how full it is,
    /// from the point of view of the player to move.
    fn evaluate(&self) -> i32 {
        let mut score = 0i32;
        for w in &self.windows {
            let (mut a, mut b) = (0usize, 0usize);
            for &i in w {
                match self.cells[i] {
                    1 => a += 1,
                    2 => b += 1,
                    _ => {}
                }
            }
            if a > 0 && b == 0 {
                score += weight(a, self.connect);
            } else if b > 0 && a == 0 {
                score -= weight(b, self.connect);
            }
        }
        if self.to_move == 1 {
            score
        } else {
            -score
        }
    }
}

/// A window with `n` of `connect` cells taken: nearly complete lines count far more.
fn weight(n: usize, connect: usize) -> i32 {
    let missing = connect.saturating_sub(n);
    match missing {
        0 => 10_000,
        1 => 50,
        2 => 8,
        _ => 1,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Plays one game between two levels; returns the winner's level index (0 = `a`), if any.
    fn play(a: Level, b: Level, a_first: bool, seed: u64, budget: Duration) -> Option<usize> {
        let mut game = Connect4::new(9, 9, 4);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let levels = if a_first { [a, b] } else { [b, a] };
        while game.outcome().is_none() {
            let mv = choose(levels[game.turn().index()], &game, &mut rng, budget);
            game.play(&mv).unwrap();
        }
        game.outcome().unwrap().winner.map(|w| if (w == Side::First) == a_first { 0 } else { 1 })
    }

    fn wins(a: Level, b: Level, games: u64, budget: Duration) -> usize {
        (0..games).filter(|&i| play(a, b, i % 2 == 0, i, budget) == Some(0)).count()
    }

    /// Runs the protocol loop on `input`; returns what the bot printed.
    fn session(level: Level, me: Side, game: Connect4, input: &str) -> anyhow::Result<String> {
        let mut out = Vec::new();
        serve(level, me, game, Clock::new(100, 0), 7, &mut input.as_bytes(), &mut out)?;
        Ok(String::from_utf8(out).unwrap())
    }

    #[test]
    fn the_first_bot_moves_after_the_magic_number_and_stops_at_the_final_code() {
        let out =
            session(Level::Level1, Side::First, Connect4::new(9, 9, 4), "12345\n0\n0\n0\n11\n").unwrap();
        // Level 1 plays the centre; its own four down column 4 comes before blocking column 0.
        assert_eq!(out, "4\n4\n4\n4\n");
    }

    #[test]
    fn the_second_bot_waits_for_a_column_and_accepts_the_forwarded_winning_move() {
        // Both have three in a column; the opponent (first) wins down column 0, the judge
        // forwards that column, then the code.
        let mut game = Connect4::new(4, 4, 4);
        for c in [0, 1, 0, 1, 0, 1] {
            game.play(&Column(c)).unwrap();
        }
        let out = session(Level::Level1, Side::Second, game, "1\n0\n11\n").unwrap();
        assert_eq!(out, "");
    }

    #[test]
    fn on_a_wide_board_ten_is_a_column_while_a_move_is_owed() {
        let game = Connect4::new(6, 12, 4);
        let out = session(Level::Level1, Side::Second, game, "0\n10\n10\n12\n").unwrap();
        assert_eq!(out.lines().count(), 2, "two opponent columns, two answers: {out}");
    }

    #[test]
    fn end_of_input_ends_the_game_quietly_and_garbage_is_an_error() {
        assert_eq!(session(Level::Random, Side::Second, Connect4::new(9, 9, 4), "").unwrap(), "");
        assert!(session(Level::Random, Side::Second, Connect4::new(9, 9, 4), "0\nfour\n").is_err());
    }

    #[test]
    fn the_budget_is_30_percent_of_the_move_time_and_fits_the_bank() {
        let game = Connect4::new(9, 9, 4);
        assert_eq!(Clock::new(5000, 0).budget(&game), Duration::from_millis(1500));
        let mut clock = Clock::new(5000, 10_000);
        // 81 free cells: 41 of our moves to come; 30 % of the bank spread over them.
        assert_eq!(clock.budget(&game), Duration::from_millis(10_000 * 3 / 10) / 41);
        clock.spent(Duration::from_secs(10));
        assert_eq!(clock.budget(&game), Duration::ZERO);
    }

    #[test]
    fn level1_takes_a_win_and_blocks_one() {
        let mut g = Connect4::new(9, 9, 4);
        for c in [0, 0, 1, 1, 2, 2] {
            g.play(&Column(c)).unwrap();
        }
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        assert_eq!(choose(Level::Level1, &g, &mut rng, Duration::ZERO), Column(3));
        let mut g = Connect4::new(9, 9, 4);
        for c in [0, 8, 1, 8, 2] {
            g.play(&Column(c)).unwrap();
        }
        assert_eq!(choose(Level::Level1, &g, &mut rng, Duration::ZERO), Column(3));
    }

    #[test]
    fn level2_finds_a_win_in_two() {
        // First has discs on columns 2 and 3 of the bottom row with both ends open: playing 1 or
        // 4 makes an open three that cannot be stopped.
        let mut g = Connect4::new(9, 9, 4);
        for c in [2, 8, 3, 8] {
            g.play(&Column(c)).unwrap();
        }
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let mv = choose(Level::Level2, &g, &mut rng, Duration::from_millis(300));
        assert!(mv == Column(1) || mv == Column(4), "{mv}");
    }

    #[test]
    fn every_level_answers_on_a_nearly_full_board() {
        let mut g = Connect4::new(4, 4, 4);
        for c in [0, 1, 0, 1, 1, 0, 1, 0, 2, 3, 2, 3, 3, 2, 3] {
            g.play(&Column(c)).unwrap();
        }
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        for level in [Level::Random, Level::Level1, Level::Level2] {
            assert_eq!(choose(level, &g, &mut rng, Duration::from_millis(10)), Column(2));
        }
    }

    #[test]
    fn level1_beats_random_nearly_always() {
        let won = wins(Level::Level1, Level::Random, 40, Duration::ZERO);
        eprintln!("level1 beat random in {won}/40");
        assert!(won >= 36, "{won}/40");
    }

    #[test]
    fn level2_beats_random_in_at_least_95_percent_of_games() {
        let won = wins(Level::Level2, Level::Random, 40, Duration::from_millis(15));
        eprintln!("level2 beat random in {won}/40");
        assert!(won >= 38, "{won}/40");
    }

    #[test]
    fn level2_beats_level1_in_most_games() {
        let won = wins(Level::Level2, Level::Level1, 20, Duration::from_millis(40));
        eprintln!("level2 beat level1 in {won}/20");
        assert!(won >= 14, "{won}/20");
    }
}
