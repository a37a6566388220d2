//! House bots for `mathtricks`.
//!
//! - `random`: a uniformly random legal move.
//! - `level1`: greedy, the move that leaves its own total highest.
//! - `level2`: iterative-deepening alpha-beta on the difference of the totals, with finished
//!   games scored as certain wins and losses, within the time budget.

use crate::games::mathtricks::{Board, Cell, Mathtricks};
use crate::games::{Side, TurnGame};
use anyhow::{bail, Context};
use num_bigint::BigInt;
use num_traits::ToPrimitive;
use rand::seq::SliceRandom;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use std::cmp::Ordering;
use std::io::{BufRead, Write};
use std::time::{Duration, Instant};

/// The game's default limits (spec), used when the judge does not pass them in the environment.
const DEFAULT_MOVE_MS: u64 = 2000;
const DEFAULT_BANK_MS: u64 = 60_000;

/// Picks a move for the side to move. Panics if the game is over (the protocol never asks then).
pub fn choose(level: &str, game: &Mathtricks, rng: &mut ChaCha8Rng, budget: Duration) -> Cell {
    let moves = game.legal_moves();
    assert!(!moves.is_empty(), "choose called on a finished game");
    match level {
        "random" => *moves.choose(rng).expect("non-empty"),
        "level1" => greedy(game, &moves, rng),
        _ => Search::new(game.clone(), budget).best_move(rng),
    }
}

/// The move that leaves the mover's own total highest; ties broken at random.
fn greedy(game: &Mathtricks, moves: &[Cell], rng: &mut ChaCha8Rng) -> Cell {
    let side = game.turn().index();
    let total = &game.totals()[side];
    let value = |c: &Cell| game.board().cell(c.x, c.y).apply(total);
    let best = moves.iter().map(value).max().expect("non-empty");
    let ties: Vec<Cell> = moves.iter().copied().filter(|c| value(c) == best).collect();
    *ties.choose(rng).expect("non-empty")
}

/// A search score from the point of view of the side to move: finished games first (certain
/// win > anything unfinished > certain loss), then the difference of totals as a float (only its
/// order matters, and f64 holds totals of a few hundred bits, far beyond real games).
#[derive(Clone, Copy, Debug, PartialEq, PartialOrd)]
struct Score {
    /// +1 a won finished game, 0 unfinished or drawn, -1 a lost one.
    result: i8,
    /// The total difference, or for finished games how soon (sooner wins, later losses score higher).
    value: f64,
}

impl Score {
    const MIN: Score = Score { result: -2, value: 0.0 };

    fn neg(self) -> Score {
        Score { result: -self.result, value: -self.value }
    }
}

/// Alpha-beta search state: the game (played and undone in place), the clock and node count.
struct Search {
    game: Mathtricks,
    deadline: Instant,
    nodes: u64,
    out_of_time: bool,
}

impl Search {
    fn new(game: Mathtricks, budget: Duration) -> Search {
        Search { game, deadline: Instant::now() + budget, nodes: 0, out_of_time: false }
    }

    /// Iterative deepening: each finished depth's best move is kept and searched first next time.
    fn best_move(&mut self, rng: &mut ChaCha8Rng) -> Cell {
        let mut moves = self.game.legal_moves();
        moves.shuffle(rng);
        self.order(&mut moves);
        let mut best = moves[0];
        let remaining = self.remaining_cells();
        for depth in 1..=remaining.max(1) {
            let mut alpha = Score::MIN;
            let mut depth_best = None;
            for &mv in &moves {
                let score = self.child(mv, depth - 1, Score::MIN, alpha.neg()).neg();
                if self.out_of_time {
                    break;
                }
                if depth_best.is_none() || score > alpha {
                    alpha = score;
                    depth_best = Some(mv);
                }
            }
            if self.out_of_time {
                break;
            }
            let Some(found) = depth_best else { break };
            best = found;
            // A proven result cannot change with more depth.
            if alpha.result != 0 {
                break;
            }
            let pos = moves.iter().position(|&m| m == best).expect("best is a root move");
            moves[..=pos].rotate_right(1);
        }
        best
    }

    fn remaining_cells(&self) -> u32 {
        let b = self.game.board();
        b.width * b.height - self.game.plies() - 2
    }

    /// Best immediate gain first: good moves early make alpha-beta cut more.
    fn order(&self, moves: &mut [Cell]) {
        let side = self.game.turn().index();
        let total = &self.game.totals()[side];
        let board = self.game.board();
        moves.sort_by_cached_key(|c| std::cmp::Reverse(board.cell(c.x, c.y).apply(total)));
    }

    /// Plays `mv`, searches the position after it and takes it back.
    fn child(&mut self, mv: Cell, depth: u32, alpha: Score, beta: Score) -> Score {
        let side = self.game.turn();
        let (pawn, total) = (self.game.pawn(side), self.game.totals()[side.index()].clone());
        self.game.play_unchecked(mv);
        let score = self.negamax(depth, alpha, beta);
        self.game.undo_unchecked(mv, pawn, total);
        score
    }

    fn negamax(&mut self, depth: u32, mut alpha: Score, beta: Score) -> Score {
        self.nodes += 1;
        if self.nodes.is_multiple_of(1024) && Instant::now() >= self.deadline {
            self.out_of_time = true;
        }
        if self.out_of_time {
            return Score { result: 0, value: 0.0 };
        }
        let me = self.game.turn();
        let mut moves = self.game.legal_moves();
        if moves.is_empty() {
            return self.finished(me);
        }
        if depth == 0 {
            return self.evaluate(me);
        }
        self.order(&mut moves);
        let mut best = Score::MIN;
        for mv in moves {
            let score = self.child(mv, depth - 1, beta.neg(), alpha.neg()).neg();
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

    fn difference(&self, me: Side) -> BigInt {
        let t = self.game.totals();
        &t[me.index()] - &t[me.other().index()]
    }

    /// A finished game: the exact sign decides, and the sooner a win (the later a loss) the better.
    fn finished(&self, me: Side) -> Score {
        let soon = f64::from(self.remaining_cells());
        match self.difference(me).cmp(&BigInt::from(0)) {
            Ordering::Greater => Score { result: 1, value: soon },
            Ordering::Less => Score { result: -1, value: -soon },
            Ordering::Equal => Score { result: 0, value: 0.0 },
        }
    }

    /// An unfinished game: the difference of totals, plus a little for having more free
    /// neighbours than the opponent (being trapped early ends the game on the current totals).
    fn evaluate(&self, me: Side) -> Score {
        let diff = self.difference(me).to_f64().unwrap_or(0.0);
        let mobility = |side: Side| {
            let p = self.game.pawn(side);
            let b = self.game.board();
            let mut n = 0;
            for dy in -1i64..=1 {
                for dx in -1i64..=1 {
                    let (x, y) = (i64::from(p.x) + dx, i64::from(p.y) + dy);
                    if (dx, dy) != (0, 0)
                        && x >= 0
                        && y >= 0
                        && x < i64::from(b.width)
                        && y < i64::from(b.height)
                        && !self.game.is_visited(x as u32, y as u32)
                    {
                        n += 1;
                    }
                }
            }
            f64::from(n)
        };
        Score { result: 0, value: diff + 0.25 * (mobility(me) - mobility(me.other())) }
    }
}

/// Thinking time for one move: at most 30 % of the move limit, and no more of the bank than
/// an even share over the moves this side may still have to make.
fn budget(move_ms: u64, bank_left_ms: Option<u64>, my_moves_left: u64) -> Duration {
    let mut ms = move_ms * 3 / 10;
    if let Some(bank) = bank_left_ms {
        ms = ms.min(bank / my_moves_left.max(4));
    }
    Duration::from_millis(ms.max(1))
}

fn env_ms(name: &str, default: u64) -> u64 {
    std::env::var(name).ok().and_then(|v| v.trim().parse().ok()).unwrap_or(default)
}

/// The protocol loop on stdin/stdout (see the spec's bot protocol table).
pub fn run(level: &str, _args: &[String], seed: u64) -> anyhow::Result<()> {
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    play(level, seed, stdin.lock(), stdout.lock())
}

fn play(level: &str, seed: u64, input: impl BufRead, mut out: impl Write) -> anyhow::Result<()> {
    let move_ms = env_ms("BOTARENA_MOVE_MS", DEFAULT_MOVE_MS);
    let bank_ms = env_ms("BOTARENA_BANK_MS", DEFAULT_BANK_MS);
    let mut bank_left = (bank_ms > 0).then_some(bank_ms);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut lines = input.lines();
    let mut next = move || -> anyhow::Result<Option<String>> {
        Ok(lines.next().transpose().context("reading stdin")?.map(|l| l.trim_end_matches('\r').to_string()))
    };

    let Some(start) = next()? else { return Ok(()) };
    let me = match start.as_str() {
        "START 1" => Side::First,
        "START 2" => Side::Second,
        _ => bail!("expected `START 1` or `START 2`, got `{start}`"),
    };
    writeln!(out, "OK")?;
    out.flush()?;

    let Some(header) = next()? else { return Ok(()) };
    let dims: Vec<&str> = header.split(' ').collect();
    let (width, height) = match dims.as_slice() {
        ["BOARD", w, h] => (w.parse::<u32>()?, h.parse::<u32>()?),
        _ => bail!("expected `BOARD <W> <H>`, got `{header}`"),
    };
    let mut rows = Vec::new();
    for _ in 0..height {
        rows.push(next()?.context("end of input inside the board")?);
    }
    let mut game = Mathtricks::new(Board::parse_rows(width, height, &rows)?);

    while let Some(line) = next()? {
        if line == "TURN" {
            if game.turn() != me || game.outcome().is_some() {
                bail!("`TURN` when player {} is to move or the game is over", game.turn().number());
            }
            let started = Instant::now();
            let my_moves_left = u64::from((width * height).saturating_sub(game.plies() + 2) / 2 + 1);
            let mv = choose(level, &game, &mut rng, budget(move_ms, bank_left, my_moves_left));
            writeln!(out, "{mv}")?;
            out.flush()?;
            game.play(&mv).map_err(|e| anyhow::anyhow!("own move {mv}: {e}"))?;
            if let Some(bank) = bank_left.as_mut() {
                *bank = bank.saturating_sub(started.elapsed().as_millis() as u64);
            }
        } else if let Some(rest) = line.strip_prefix("MOVE ") {
            let mv: Cell = rest.parse()?;
            game.play(&mv).map_err(|e| anyhow::anyhow!("opponent's move {mv}: {e}"))?;
        } else if line.starts_with("END") {
            return Ok(());
        } else {
            bail!("unexpected line `{line}`");
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::mathtricks::generate_board;

    /// Plays one game in-process and returns the winner.
    fn duel(first: &str, second: &str, board_seed: u64, seed: u64, budget: Duration) -> Option<Side> {
        let mut game = Mathtricks::new(generate_board(8, 8, board_seed));
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        while game.outcome().is_none() {
            let level = if game.turn() == Side::First { first } else { second };
            let mv = choose(level, &game, &mut rng, budget);
            game.play(&mv).expect("house bots play legal moves");
        }
        game.outcome().unwrap().winner
    }

    /// Level `a` against level `b` on `n` boards, each played with both sides: (wins, losses).
    fn series(a: &str, b: &str, n: u64, budget: Duration) -> (u32, u32, u32) {
        let (mut won, mut lost, mut games) = (0, 0, 0);
        for board in 0..n {
            for (first, second, a_side) in [(a, b, Side::First), (b, a, Side::Second)] {
                games += 1;
                match duel(first, second, board, board * 7 + 1, budget) {
                    Some(s) if s == a_side => won += 1,
                    Some(_) => lost += 1,
                    None => {}
                }
            }
        }
        (won, lost, games)
    }

    #[test]
    fn level2_beats_random_in_at_least_95_percent_of_games() {
        let (won, _lost, games) = series("level2", "random", 20, Duration::from_millis(15));
        eprintln!("level2 vs random: {won}/{games}");
        assert!(won * 100 >= games * 95, "level2 won {won} of {games}");
    }

    #[test]
    fn level2_beats_level1_in_most_games() {
        let (won, lost, games) = series("level2", "level1", 15, Duration::from_millis(15));
        eprintln!("level2 vs level1: {won} won, {lost} lost of {games}");
        assert!(won > lost && won * 2 > games, "level2 won {won}, lost {lost} of {games}");
    }

    #[test]
    fn level1_beats_random_in_most_games() {
        let (won, lost, games) = series("level1", "random", 20, Duration::from_millis(1));
        eprintln!("level1 vs random: {won} won, {lost} lost of {games}");
        assert!(won * 2 > games);
    }

    /// The exact result for the side to move (1 win, 0 draw, -1 loss), by exhaustive search.
    fn solve(game: &mut Mathtricks) -> i8 {
        let moves = game.legal_moves();
        if moves.is_empty() {
            let me = game.turn().index();
            return match game.totals()[me].cmp(&game.totals()[1 - me]) {
                Ordering::Greater => 1,
                Ordering::Less => -1,
                Ordering::Equal => 0,
            };
        }
        let mut best = -1;
        for mv in moves {
            let mut next = game.clone();
            next.play_unchecked(mv);
            best = best.max(-solve(&mut next));
        }
        best
    }

    #[test]
    fn level2_plays_perfectly_when_it_can_see_to_the_end() {
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        for seed in 0..12 {
            let mut game = Mathtricks::new(generate_board(4, 4, seed));
            for _ in 0..6 {
                let moves = game.legal_moves();
                if moves.is_empty() {
                    break;
                }
                game.play_unchecked(*moves.choose(&mut rng).unwrap());
            }
            if game.legal_moves().is_empty() {
                continue;
            }
            let best = solve(&mut game.clone());
            let mv = choose("level2", &game, &mut rng, Duration::from_secs(5));
            let mut after = game.clone();
            after.play(&mv).unwrap();
            assert_eq!(-solve(&mut after), best, "board seed {seed}: {mv} is not an optimal move");
        }
    }

    #[test]
    fn budgets_stay_within_30_percent_of_the_move_time_and_the_bank() {
        assert_eq!(budget(2000, Some(60_000), 30), Duration::from_millis(600));
        assert_eq!(budget(2000, Some(3000), 30), Duration::from_millis(100));
        assert_eq!(budget(2000, None, 30), Duration::from_millis(600));
        assert_eq!(budget(2000, Some(0), 30), Duration::from_millis(1));
    }

    #[test]
    fn the_protocol_loop_answers_ok_and_a_legal_move_then_stops_at_end() {
        let board = generate_board(4, 4, 5);
        let mut input = String::from("START 2\nBOARD 4 4\n");
        for row in board.rows_text() {
            input.push_str(&row.join(" "));
            input.push('\n');
        }
        input.push_str("MOVE 1 1\r\nTURN\nEND 1\nTURN\n");
        let mut out = Vec::new();
        play("level2", 3, input.as_bytes(), &mut out).unwrap();
        let out = String::from_utf8(out).unwrap();
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 2, "{out}");
        assert_eq!(lines[0], "OK");
        let mut game = Mathtricks::new(board);
        game.play(&Cell { x: 1, y: 1 }).unwrap();
        game.play(&lines[1].parse().unwrap()).expect("the answer is legal");
    }

    #[test]
    fn the_protocol_loop_rejects_garbage_with_a_clear_error() {
        let err = play("random", 1, "HELLO\n".as_bytes(), Vec::new()).unwrap_err();
        assert!(err.to_string().contains("START"), "{err}");
    }
}
