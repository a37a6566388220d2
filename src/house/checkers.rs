//! House bots for `checkers`: the START / PLACE / TURN / END protocol loop, and three levels.
//!
//! - `random`: any legal move.
//! - `level1`: greedy: the move whose resulting position evaluates best, counting the pieces the
//!   opponent could take at once as already lost.
//! - `level2`: negamax alpha-beta with iterative deepening within the time budget, forced capture
//!   sequences searched to the end, and a material + advancement evaluation.
//!
//! The thinking ([`choose`]) is pure and separate from I/O so tests play whole games in-process.

use crate::games::checkers::{far_row, Checkers, Move};
use crate::games::settings::{GameSettings, Settings};
use crate::games::{GameId, Side, TurnGame};
use anyhow::{bail, Context};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::io::{BufRead, Write};
use std::time::{Duration, Instant};

pub use super::Level;

/// Search depth cap for `level2` when only the clock should stop it.
pub const MAX_DEPTH: u32 = 64;

/// Picks a move for the side to move within about `budget` of thinking time.
/// Panics when the game is over (there is nothing to choose).
pub fn choose<R: Rng + ?Sized>(level: Level, state: &Checkers, rng: &mut R, budget: Duration) -> Move {
    choose_with_depth(level, state, rng, budget, MAX_DEPTH)
}

/// [`choose`] with a depth cap for `level2`, so that tests can play the same game whatever the
/// machine's load.
pub fn choose_with_depth<R: Rng + ?Sized>(
    level: Level,
    state: &Checkers,
    rng: &mut R,
    budget: Duration,
    max_depth: u32,
) -> Move {
    let mut moves = state.legal_moves();
    assert!(!moves.is_empty(), "choose is called only when the side to move has a legal move");
    moves.shuffle(rng);
    match level {
        Level::Random => moves.swap_remove(0),
        Level::Level1 => greedy(state, moves),
        Level::Level2 => search(state, moves, Instant::now() + budget, max_depth),
    }
}

const MAN: i32 = 100;
/// Kings score 3 men at the round limit, and are worth about that in play too.
const KING: i32 = 300;
/// Per row a man has advanced from its own back row.
const ADVANCE: i32 = 6;
/// A man still on its own back row keeps the opponent's men from crowning there.
const BACK_GUARD: i32 = 8;
const WIN: i32 = 1_000_000;
const INF: i32 = WIN + 1;

/// The position from the side to move's point of view, in hundredths of a man.
fn evaluate(state: &Checkers) -> i32 {
    let mut score = [0i32; 2];
    for (sq, p) in state.pieces() {
        let value = if p.king {
            KING
        } else {
            let advanced = i32::from(sq.row.abs_diff(far_row(p.side.other())));
            let guard = if advanced == 0 { BACK_GUARD } else { 0 };
            MAN + ADVANCE * advanced + guard
        };
        score[p.side.index()] += value;
    }
    let me = state.turn().index();
    score[me] - score[1 - me]
}

/// The final result for the side to move at the round limit, sooner wins preferred.
fn round_limit_score(state: &Checkers, ply: i32) -> i32 {
    let m = state.material();
    let me = state.turn().index();
    match m[me].cmp(&m[1 - me]) {
        std::cmp::Ordering::Greater => WIN - ply,
        std::cmp::Ordering::Less => -(WIN - ply),
        std::cmp::Ordering::Equal => 0,
    }
}

fn after(state: &Checkers, mv: &Move) -> Checkers {
    let mut next = state.clone();
    next.play_unchecked(mv);
    next
}

/// Level 1: the best position one move ahead, with pieces the opponent can take at once
/// counted as lost. `moves` is shuffled, so ties are broken at random.
fn greedy(state: &Checkers, moves: Vec<Move>) -> Move {
    let mut best: Option<(i32, Move)> = None;
    for mv in moves {
        let next = after(state, &mv);
        let score = match next.outcome() {
            Some(o) if o.winner == Some(state.turn()) => WIN,
            Some(o) if o.winner.is_none() => 0,
            Some(_) => -WIN,
            None => {
                let (_, threatened) = next.longest_captures();
                -evaluate(&next) - MAN * threatened as i32
            }
        };
        if best.as_ref().is_none_or(|(b, _)| score > *b) {
            best = Some((score, mv));
        }
    }
    best.expect("at least one move").1
}

/// SplitMix64: a fixed, well-mixed stream for the position keys.
const fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}

/// A Zobrist-style key of everything the search result depends on: the pieces, the side to
/// move and the rounds played (the round limit ends the game).
fn position_key(state: &Checkers) -> u64 {
    let mut key = mix(u64::from(state.rounds_played()) << 1 | state.turn().index() as u64);
    for (sq, p) in state.pieces() {
        let kind = p.side.index() as u64 * 2 + u64::from(p.king);
        key ^= mix(0x1_0000 + (u64::from(sq.row) * 8 + u64::from(sq.col)) * 4 + kind);
    }
    key
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Bound {
    Exact,
    /// The score is at least this (the search failed high).
    Lower,
    /// The score is at most this (every move failed low).
    Upper,
}

/// A transposition-table slot: what a search of this position to `depth` found.
#[derive(Clone, Copy)]
struct Entry {
    key: u64,
    score: i32,
    depth: i16,
    bound: Bound,
    /// The best move's start and end squares, to search it first next time.
    best: (u8, u8),
}

const TABLE_BITS: u32 = 18;

/// Win scores are stored relative to the node, so that they stay right wherever it is reached.
fn score_to_table(score: i32, ply: i32) -> i32 {
    if score > WIN - 1000 {
        score + ply
    } else if score < -(WIN - 1000) {
        score - ply
    } else {
        score
    }
}

fn score_from_table(score: i32, ply: i32) -> i32 {
    if score > WIN - 1000 {
        score - ply
    } else if score < -(WIN - 1000) {
        score + ply
    } else {
        score
    }
}

fn square_code(sq: crate::games::checkers::Square) -> u8 {
    sq.row * 8 + sq.col
}

/// Alpha-beta state: the clock (read every 1024 nodes) and the transposition table.
struct Searcher {
    deadline: Instant,
    nodes: u64,
    stopped: bool,
    table: Vec<Option<Entry>>,
}

/// How deep forced captures are followed past the nominal depth.
const CAPTURE_EXTENSION: i32 = 16;

impl Searcher {
    fn new(deadline: Instant) -> Searcher {
        Searcher { deadline, nodes: 0, stopped: false, table: vec![None; 1 << TABLE_BITS] }
    }

    fn negamax(&mut self, state: &Checkers, depth: i32, mut alpha: i32, beta: i32, ply: i32) -> i32 {
        self.nodes += 1;
        if self.nodes.is_multiple_of(1024) && Instant::now() >= self.deadline {
            self.stopped = true;
        }
        if self.stopped {
            return 0;
        }
        if state.rounds_played() >= state.max_rounds() {
            return round_limit_score(state, ply);
        }
        let mut moves = state.legal_moves();
        if moves.is_empty() {
            return -(WIN - ply);
        }
        // Captures are forced, so a position with one pending is not quiet: search on.
        if depth <= 0 && (!moves[0].is_capture() || depth <= -CAPTURE_EXTENSION) {
            return evaluate(state);
        }
        let key = position_key(state);
        let slot = (key >> (64 - TABLE_BITS)) as usize;
        let mut hint = None;
        if let Some(e) = self.table[slot].filter(|e| e.key == key) {
            hint = Some(e.best);
            if i32::from(e.depth) >= depth {
                let score = score_from_table(e.score, ply);
                match e.bound {
                    Bound::Exact => return score,
                    Bound::Lower if score >= beta => return score,
                    Bound::Upper if score <= alpha => return score,
                    _ => {}
                }
            }
        }
        if !moves[0].is_capture() {
            // Crowning first: it is often the best quiet move.
            moves.sort_by_key(|m| m.to().row != far_row(state.turn()));
        }
        if let Some((from, to)) = hint {
            if let Some(i) =
                moves.iter().position(|m| square_code(m.from()) == from && square_code(m.to()) == to)
            {
                moves[..=i].rotate_right(1);
            }
        }
        let alpha_in = alpha;
        let mut best = -INF;
        let mut best_move = (0, 0);
        for mv in &moves {
            let v = -self.negamax(&after(state, mv), depth - 1, -beta, -alpha, ply + 1);
            if self.stopped {
                return 0;
            }
            if v > best {
                best = v;
                best_move = (square_code(mv.from()), square_code(mv.to()));
                if v > alpha {
                    alpha = v;
                    if alpha >= beta {
                        break;
                    }
                }
            }
        }
        let bound = if best <= alpha_in {
            Bound::Upper
        } else if best >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.table[slot] = Some(Entry {
            key,
            score: score_to_table(best, ply),
            depth: depth.clamp(i16::MIN.into(), i16::MAX.into()) as i16,
            bound,
            best: best_move,
        });
        best
    }
}

/// Level 2: iterative deepening over the root moves, best-first from the previous iteration;
/// an iteration cut by the clock is discarded.
fn search(state: &Checkers, mut moves: Vec<Move>, deadline: Instant, max_depth: u32) -> Move {
    if moves.len() == 1 {
        return moves.swap_remove(0);
    }
    let mut searcher = Searcher::new(deadline);
    for depth in 1..=max_depth as i32 {
        let mut scored: Vec<(i32, usize)> = Vec::with_capacity(moves.len());
        let mut alpha = -INF;
        for (i, mv) in moves.iter().enumerate() {
            let v = -searcher.negamax(&after(state, mv), depth - 1, -INF, -alpha, 1);
            if searcher.stopped {
                break;
            }
            alpha = alpha.max(v);
            scored.push((v, i));
        }
        if searcher.stopped {
            break;
        }
        // Stable: equal scores keep the previous order (and the random shuffle before it).
        scored.sort_by_key(|&(v, _)| -v);
        let mut order: Vec<Option<Move>> = moves.into_iter().map(Some).collect();
        moves = scored.iter().map(|&(_, i)| order[i].take().expect("each index once")).collect();
        if scored[0].0.abs() >= WIN - 1000 {
            break;
        }
    }
    moves.swap_remove(0)
}

/// The thinking time the judge allows, from the environment the judge gives house bots.
#[derive(Clone, Copy, Debug)]
pub struct Clock {
    pub move_ms: u64,
    /// 0 = no bank.
    pub bank_ms: u64,
    pub max_rounds: u32,
}

impl Clock {
    /// `BOTARENA_MOVE_MS`, `BOTARENA_BANK_MS` and `BOTARENA_MAX_ROUNDS`, falling back to the
    /// game's default settings.
    pub fn from_env() -> Clock {
        let defaults = Settings::defaults(GameId::Checkers);
        let max_rounds = match defaults.game() {
            GameSettings::Checkers(c) => c.max_rounds,
            _ => u32::MAX,
        };
        let var = |name: &str, default: u64| {
            std::env::var(name).ok().and_then(|v| v.trim().parse().ok()).unwrap_or(default)
        };
        Clock {
            move_ms: var("BOTARENA_MOVE_MS", defaults.common().move_ms),
            bank_ms: var("BOTARENA_BANK_MS", defaults.common().bank_ms),
            max_rounds: var("BOTARENA_MAX_ROUNDS", max_rounds.into()).try_into().unwrap_or(u32::MAX),
        }
    }

    /// About 30 % of the move time, and never more than half an even share of what is left of
    /// the bank over the moves this side may still have to make (the rest covers the time spent
    /// outside the search).
    pub fn budget(&self, used: Duration, state: &Checkers) -> Duration {
        let mut ms = self.move_ms * 3 / 10;
        if self.bank_ms > 0 {
            let left = self.bank_ms.saturating_sub(used.as_millis() as u64);
            let moves_left = u64::from(state.max_rounds().saturating_sub(state.rounds_played()).max(1));
            ms = ms.min(left / moves_left / 2);
        }
        Duration::from_millis(ms.max(1))
    }
}

pub fn run(level: &str, _args: &[String], seed: u64) -> anyhow::Result<()> {
    let level: Level = level.parse()?;
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    serve(level, stdin.lock(), stdout.lock(), seed, Clock::from_env())
}

/// The protocol loop: `START n` → `OK`; `PLACE …` → the opponent's move is applied; `TURN` →
/// a move is printed; `END` (at any time, even before `START`) or end of input → return.
pub fn serve<R: BufRead, W: Write>(
    level: Level,
    input: R,
    mut out: W,
    seed: u64,
    clock: Clock,
) -> anyhow::Result<()> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut game: Option<(Checkers, Side)> = None;
    let mut used = Duration::ZERO;
    for line in input.lines() {
        let line = line.context("reading from the judge")?;
        let line = line.trim_end_matches('\r');
        let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
        match word {
            "START" => {
                let side = match rest.trim() {
                    "1" => Side::First,
                    "2" => Side::Second,
                    other => bail!("START names field `{other}`; expected 1 or 2"),
                };
                game = Some((Checkers::new(clock.max_rounds), side));
                used = Duration::ZERO;
                writeln!(out, "OK")?;
                out.flush()?;
            }
            "PLACE" => {
                let (state, _) = game.as_mut().context("PLACE before START")?;
                let mv: Move = rest.parse().with_context(|| format!("the judge sent `{line}`"))?;
                state.play(&mv).with_context(|| format!("the judge sent `{line}`"))?;
            }
            "TURN" => {
                let started = Instant::now();
                let (state, side) = game.as_mut().context("TURN before START")?;
                if state.turn() != *side {
                    bail!("TURN when it is the opponent's move");
                }
                if state.legal_moves().is_empty() {
                    bail!("TURN but the game is over");
                }
                let mv = choose(level, state, &mut rng, clock.budget(used, state));
                state.play_unchecked(&mv);
                writeln!(out, "{mv}")?;
                out.flush()?;
                used += started.elapsed();
            }
            "END" => return Ok(()),
            "" => {}
            _ => bail!("unexpected message from the judge: `{line}`"),
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clock() -> Clock {
        Clock { move_ms: 200, bank_ms: 0, max_rounds: 60 }
    }

    fn talk(level: Level, input: &str) -> (anyhow::Result<()>, String) {
        let mut out = Vec::new();
        let result = serve(level, input.as_bytes(), &mut out, 7, clock());
        (result, String::from_utf8(out).unwrap())
    }

    #[test]
    fn the_bot_answers_start_with_ok_and_turn_with_a_legal_move() {
        let (result, out) = talk(Level::Level2, "START 2\r\nPLACE 2 5,0 4,1\nTURN\nEND 0\n");
        result.unwrap();
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines[0], "OK");
        assert_eq!(lines.len(), 2);
        let mut g = Checkers::new(60);
        g.play(&"2 5,0 4,1".parse().unwrap()).unwrap();
        g.play(&lines[1].parse().unwrap()).expect("the bot's move is legal");
    }

    #[test]
    fn as_black_the_bot_moves_first_and_keeps_track_of_both_sides_moves() {
        let (result, out) = talk(Level::Random, "START 1\nTURN\n");
        result.unwrap();
        let first: Move = out.lines().nth(1).unwrap().parse().unwrap();
        let mut g = Checkers::new(60);
        g.play(&first).unwrap();
        let reply = g.legal_moves()[0].clone();
        let script = format!("START 1\nTURN\nPLACE {reply}\nTURN\nEND 1\n");
        let (result, out) = talk(Level::Random, &script);
        result.unwrap();
        g.play(&reply).unwrap();
        g.play(&out.lines().nth(2).unwrap().parse().unwrap()).expect("the second move is legal too");
    }

    #[test]
    fn the_bot_exits_quietly_on_end_before_start_or_at_end_of_input() {
        assert_eq!(talk(Level::Level1, "END 1\n").1, "");
        let (result, out) = talk(Level::Level1, "START 1\n");
        result.unwrap();
        assert_eq!(out, "OK\n");
    }

    #[test]
    fn the_bot_refuses_a_confused_judge() {
        assert!(talk(Level::Random, "TURN\n").0.is_err());
        assert!(talk(Level::Random, "START 3\n").0.is_err());
        assert!(talk(Level::Random, "START 1\nPLACE 2 2,1 3,0\n").0.is_err());
        assert!(talk(Level::Random, "HELLO\n").0.is_err());
    }

    #[test]
    fn the_budget_is_a_share_of_the_move_time_and_of_the_bank() {
        let c = Clock { move_ms: 2000, bank_ms: 90_000, max_rounds: 60 };
        let g = Checkers::new(60);
        assert_eq!(c.budget(Duration::ZERO, &g), Duration::from_millis(600));
        assert_eq!(c.budget(Duration::from_millis(89_000), &g), Duration::from_millis(8));
        let no_bank = Clock { bank_ms: 0, ..c };
        assert_eq!(no_bank.budget(Duration::from_secs(1000), &g), Duration::from_millis(600));
    }

    #[test]
    fn level2_takes_the_longest_capture_and_wins_material() {
        let g = Checkers::from_diagram(
            "........
             ........
             ........
             ..w.w...
             ........
             ..w.w...
             ...b....
             ........",
            Side::First,
            60,
        )
        .unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let mv = choose_with_depth(Level::Level2, &g, &mut rng, Duration::from_secs(5), 4);
        assert_eq!(mv.squares.len(), 5);
    }

    /// A bot in a test game: its level, its limits, and its own random stream.
    struct Player {
        level: Level,
        budget: Duration,
        depth: u32,
        rng: ChaCha8Rng,
    }

    /// Plays one game in-process; returns the winner.
    fn play_game(black: &mut Player, white: &mut Player) -> Option<Side> {
        let mut g = Checkers::new(60);
        while g.outcome().is_none() {
            let p = if g.turn() == Side::First { &mut *black } else { &mut *white };
            let mv = choose_with_depth(p.level, &g, &mut p.rng, p.budget, p.depth);
            g.play(&mv).expect("house bots play legal moves");
        }
        g.outcome().unwrap().winner
    }

    /// Games of `a` against `b`, `a` Black in half of them; returns (wins, draws, losses) of `a`.
    fn tally(a: Level, b: Level, games: u64, (budget, depth): (Duration, u32)) -> (u32, u32, u32) {
        let mut result = (0, 0, 0);
        for i in 0..games {
            let mut pa = Player { level: a, budget, depth, rng: ChaCha8Rng::seed_from_u64(1000 + i) };
            let mut pb = Player { level: b, budget, depth, rng: ChaCha8Rng::seed_from_u64(2000 + i) };
            let a_side = if i % 2 == 0 { Side::First } else { Side::Second };
            let winner =
                if a_side == Side::First { play_game(&mut pa, &mut pb) } else { play_game(&mut pb, &mut pa) };
            match winner {
                Some(s) if s == a_side => result.0 += 1,
                None => result.1 += 1,
                Some(_) => result.2 += 1,
            }
        }
        eprintln!("{a:?} vs {b:?}: {result:?} (wins, draws, losses) over {games} games");
        result
    }

    /// Depth 4 plus forced captures: a few milliseconds a move, and the same games whatever the
    /// machine's load (the 2 s budget is only a safety net).
    const TEST_LIMITS: (Duration, u32) = (Duration::from_secs(2), 4);

    #[test]
    fn level2_beats_random_in_at_least_95_percent_of_games() {
        let (wins, _, _) = tally(Level::Level2, Level::Random, 40, TEST_LIMITS);
        assert!(wins >= 38, "level2 won only {wins} of 40 games against random");
    }

    #[test]
    fn level2_beats_level1_in_most_games() {
        let (wins, _, _) = tally(Level::Level2, Level::Level1, 20, TEST_LIMITS);
        assert!(wins > 10, "level2 won only {wins} of 20 games against level1");
    }

    /// The clock-limited search as the house bot plays it (30 ms a move); timing-dependent, so
    /// run by hand: `cargo test --lib house::checkers -- --ignored --nocapture`.
    #[test]
    #[ignore]
    fn level2_on_the_clock_beats_level1_in_most_games() {
        let (wins, _, _) = tally(Level::Level2, Level::Level1, 10, (Duration::from_millis(30), MAX_DEPTH));
        assert!(wins > 5, "level2 won only {wins} of 10 games against level1");
    }

    #[test]
    fn level1_beats_random_in_most_games() {
        let (wins, _, _) = tally(Level::Level1, Level::Random, 20, TEST_LIMITS);
        assert!(wins > 10, "level1 won only {wins} of 20 games against random");
    }
}
