//! House bots for `one-two-three`.
//!
//! Protocol: one process per move. The bot reads the position from stdin (exactly as much as
//! it needs, since the judge need not close the stream), prints the board after its move and
//! exits; on a malformed position it prints `error` and a line saying why. Levels: `random`;
//! `level1` greedily fills as many cells as it can; `level2` takes only the biggest fills until
//! the endgame, ranks its moves with alpha-beta on the cell difference (greedy playouts at the
//! leaves, exact once the search reaches the end), and breaks ties between equally valued moves
//! by sampled greedy playouts, all within ~30 % of the move time (the limit covers the whole
//! process run).

use crate::games::one_two_three::{check_rest, read_position, Fill, Grid, OneTwoThree};
use crate::games::TurnGame;
use anyhow::Context;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::io::{BufReader, Read, Write};
use std::time::{Duration, Instant};

pub use super::Level;

/// The game's default time per move (spec: 1 s for the whole process run).
const DEFAULT_MOVE_MS: u64 = 1000;

/// Plays one move: position on stdin, new board (lines ending `\r\n`, as the input's) on stdout.
pub fn run(level: &str, _args: &[String], seed: u64) -> anyhow::Result<()> {
    let started = Instant::now();
    let level: Level = level.parse()?;
    let move_ms = std::env::var("BOTARENA_MOVE_MS")
        .ok()
        .and_then(|v| v.trim().parse::<u64>().ok())
        .unwrap_or(DEFAULT_MOVE_MS);
    let budget = Duration::from_millis(move_ms * 3 / 10).saturating_sub(started.elapsed());

    let mut out = std::io::stdout().lock();
    answer(level, &mut BufReader::new(std::io::stdin()), seed, budget, &mut out)?;
    out.flush().context("writing the answer")?;
    Ok(())
}

/// Reads one position and writes the answer: the new board, or `error` and the reason.
fn answer<R: Read>(
    level: Level,
    input: &mut BufReader<R>,
    seed: u64,
    budget: Duration,
    out: &mut impl Write,
) -> anyhow::Result<()> {
    // Only bytes already read are checked after the letter: waiting for more could hang when
    // the judge leaves the stream open.
    let position = read_position(input).and_then(|p| check_rest(input.buffer()).map(|()| p));
    match position {
        Err(e) => write!(out, "error\r\n{e}\r\n")?,
        Ok(p) => {
            let game = OneTwoThree::from_position(p.grid, p.mover);
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let board = choose(level, &game, &mut rng, budget);
            for line in board.lines() {
                write!(out, "{line}\r\n")?;
            }
        }
    }
    Ok(())
}

/// Picks the board after a move of the side to move. `budget` bounds level2's search.
/// Panics if the board is full (there is no move).
pub fn choose(level: Level, game: &OneTwoThree, rng: &mut impl Rng, budget: Duration) -> Grid {
    let fills = game.fills();
    assert!(!fills.is_empty(), "choose called on a full board");
    let fill = match level {
        Level::Random => *fills.choose(rng).expect("non-empty"),
        Level::Level1 => {
            let most = fills.iter().map(Fill::size).max().expect("non-empty");
            let biggest: Vec<Fill> = fills.into_iter().filter(|f| f.size() == most).collect();
            *biggest.choose(rng).expect("non-empty")
        }
        Level::Level2 => Search::new(game, budget).best(fills, rng),
    };
    let mut after = game.clone();
    after.play_fill(&fill);
    after.grid().clone()
}

/// Level 2's search: negamax with alpha-beta over fills, iterative deepening, scoring the
/// cell difference for the side to move.
struct Search {
    grid: Grid,
    me: crate::games::Side,
    /// When the alpha-beta search stops; the rest of the budget, up to `final_deadline`, goes
    /// to sampling among equally valued moves.
    deadline: Instant,
    final_deadline: Instant,
    nodes: u64,
    out_of_time: bool,
}

/// Interior nodes with more moves than this look only at the biggest fills (the early game on
/// large boards, where the branching factor is in the thousands).
const WIDE: usize = 48;

/// Before the endgame (more free cells than this) level2 only considers the biggest fills.
const ENDGAME: usize = 16;

/// Moves of equal value are compared by sampled playouts when at most this many cells are free.
const PLAYOUT_MAX: usize = 60;

/// Leaves with at most this many free cells are estimated by a greedy playout.
const ROLLOUT_MAX: usize = 40;

/// Beyond any cell difference (boards have at most 400 cells).
const INF: i32 = 1_000_000;

impl Search {
    fn new(game: &OneTwoThree, budget: Duration) -> Search {
        Search {
            grid: game.grid().clone(),
            me: game.turn(),
            deadline: Instant::now() + budget * 7 / 10,
            final_deadline: Instant::now() + budget,
            nodes: 0,
            out_of_time: false,
        }
    }

    /// The leaf estimate: both sides fill greedily (the biggest fill, first found) to the end,
    /// when the board is small enough left for that to be cheap; the cell gain for `side`.
    fn rollout(&mut self, side: crate::games::Side) -> i32 {
        if self.grid.free() as usize > ROLLOUT_MAX {
            return 0;
        }
        let mut played = Vec::new();
        let mut turn = side;
        let mut gain = 0i32;
        loop {
            let fills = self.grid.fills(turn);
            let Some(f) = fills.iter().max_by_key(|f| f.size()).copied() else { break };
            self.grid.apply(&f, turn);
            gain += if turn == side { f.size() as i32 } else { -(f.size() as i32) };
            played.push(f);
            turn = turn.other();
        }
        for f in played.iter().rev() {
            self.grid.undo(f);
        }
        gain
    }

    /// How a fill does if both sides then play greedily (and, second, its size): the tie-break
    /// between moves of equal minimax value, which sets traps for opponents that are not perfect.
    fn against_greedy(&mut self, f: &Fill) -> (i32, u32) {
        self.grid.apply(f, self.me);
        let gain = f.size() as i32 - self.rollout(self.me.other());
        self.grid.undo(f);
        (gain, f.size())
    }

    fn best(&mut self, mut root: Vec<Fill>, rng: &mut impl Rng) -> Fill {
        if (self.grid.free() as usize) > ENDGAME {
            let most = root.iter().map(Fill::size).max().unwrap_or(0);
            root.retain(|f| f.size() == most);
        }
        root.shuffle(rng);
        root.sort_by_key(|f| std::cmp::Reverse(f.size()));
        let mut best = root[0];
        let free = self.grid.free() as usize;
        let mut last: Vec<(Fill, i32)> = Vec::new();
        let mut last_alpha = -INF;
        for depth in 1..=free {
            let mut alpha = -INF;
            let mut depth_best: Option<Fill> = None;
            let mut scores = Vec::with_capacity(root.len());
            for f in root.clone() {
                self.grid.apply(&f, self.me);
                let s = f.size() as i32;
                // The window keeps a score equal to the best so far exact, so that ties can be
                // broken by how the move does against a greedy opponent.
                let score = s - self.negamax(self.me.other(), depth - 1, -INF, s - alpha + 1);
                self.grid.undo(&f);
                if self.out_of_time && depth > 1 {
                    break;
                }
                let better = match depth_best {
                    None => true,
                    Some(_) if score > alpha => true,
                    Some(b) if score == alpha => self.against_greedy(&f) > self.against_greedy(&b),
                    Some(_) => false,
                };
                if better {
                    alpha = score;
                    depth_best = Some(f);
                }
                scores.push((f, score));
            }
            if self.out_of_time && depth > 1 {
                break;
            }
            last = scores;
            last_alpha = alpha;
            if let Some(f) = depth_best {
                best = f;
                root.retain(|&x| x != f);
                root.insert(0, f);
            }
            if self.out_of_time || depth >= free {
                break;
            }
        }
        let equal: Vec<Fill> = last.iter().filter(|(_, s)| *s == last_alpha).map(|(f, _)| *f).collect();
        if free <= PLAYOUT_MAX && equal.len() > 1 {
            best = self.most_winning(&equal, best, rng);
        }
        best
    }

    /// Among moves of equal searched value, the one that wins most often when both sides then
    /// play like a greedy player (a biggest fill, at random), sampled until the final deadline.
    /// Search assumes a perfect opponent, so when every move merely draws or loses by a cell
    /// against one, this picks the move that gives real opponents the most chances to go wrong.
    fn most_winning(&mut self, moves: &[Fill], fallback: Fill, rng: &mut impl Rng) -> Fill {
        let mut totals = vec![0i32; moves.len()];
        let mut rounds = 0;
        while rounds == 0 || Instant::now() < self.final_deadline {
            for (i, f) in moves.iter().enumerate() {
                totals[i] += self.greedy_playout(f, rng);
            }
            rounds += 1;
            if rounds >= 2000 {
                break;
            }
        }
        let best = (0..moves.len()).max_by_key(|&i| (totals[i], moves[i].size()));
        best.map_or(fallback, |i| moves[i])
    }

    /// Plays `f`, then random biggest fills to the end: +1 if the side to move at the root wins,
    /// -1 if it loses, 0 for a draw.
    fn greedy_playout(&mut self, f: &Fill, rng: &mut impl Rng) -> i32 {
        self.grid.apply(f, self.me);
        let mut played = vec![*f];
        let mut turn = self.me.other();
        let mut diff = f.size() as i32;
        loop {
            let fills = self.grid.fills(turn);
            let Some(most) = fills.iter().map(Fill::size).max() else { break };
            let biggest: Vec<&Fill> = fills.iter().filter(|f| f.size() == most).collect();
            let g = **biggest.choose(rng).expect("non-empty");
            self.grid.apply(&g, turn);
            diff += if turn == self.me { most as i32 } else { -(most as i32) };
            played.push(g);
            turn = turn.other();
        }
        for g in played.iter().rev() {
            self.grid.undo(g);
        }
        diff.signum()
    }

    /// The best cell gain `side` can make from here over `depth` more moves (its cells minus
    /// the opponent's), searching within (alpha, beta).
    fn negamax(&mut self, side: crate::games::Side, depth: usize, mut alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        if self.nodes & 255 == 0 && Instant::now() >= self.deadline {
            self.out_of_time = true;
        }
        if self.out_of_time {
            return 0;
        }
        if depth == 0 {
            return self.rollout(side);
        }
        let mut fills = self.grid.fills(side);
        if fills.is_empty() {
            return 0;
        }
        fills.sort_by_key(|f| std::cmp::Reverse(f.size()));
        if fills.len() > WIDE {
            let most = fills[0].size();
            fills.retain(|f| f.size() == most);
        }
        let mut best = -INF;
        for f in &fills {
            self.grid.apply(f, side);
            // score = s - child, so the child's window is the parent's shifted by s and negated.
            let s = f.size() as i32;
            let score = s - self.negamax(side.other(), depth - 1, s - beta, s - alpha);
            self.grid.undo(f);
            best = best.max(score);
            alpha = alpha.max(best);
            if alpha >= beta {
                break;
            }
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::Side;

    /// Plays one game; returns 0 if `a` won, 1 if `b` won, `None` for a draw.
    fn play(
        a: Level,
        b: Level,
        a_first: bool,
        cols: u32,
        rows: u32,
        seed: u64,
        budget: Duration,
    ) -> Option<usize> {
        let mut game = OneTwoThree::new(cols, rows);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let levels = if a_first { [a, b] } else { [b, a] };
        while game.outcome().is_none() {
            let board = choose(levels[game.turn().index()], &game, &mut rng, budget);
            game.play(&board).unwrap();
        }
        game.outcome().unwrap().winner.map(|w| if (w == Side::First) == a_first { 0 } else { 1 })
    }

    fn tally(a: Level, b: Level, games: u64, cols: u32, rows: u32, budget: Duration) -> [usize; 3] {
        let mut t = [0; 3];
        for i in 0..games {
            match play(a, b, i % 2 == 0, cols, rows, i, budget) {
                Some(0) => t[0] += 1,
                Some(_) => t[1] += 1,
                None => t[2] += 1,
            }
        }
        t
    }

    #[test]
    fn level1_fills_three_cells_when_it_can() {
        let game = OneTwoThree::from_position("A--\n-B-\n---".parse().unwrap(), Side::First);
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let board = choose(Level::Level1, &game, &mut rng, Duration::ZERO);
        assert_eq!(board.count(Side::First), 3 + 1, "{board}");
    }

    #[test]
    fn level2_sees_the_last_cells_parity() {
        // Three free cells, A to move: taking one lets B take two; taking two (there are
        // several ways) leaves B one.
        let game = OneTwoThree::from_position("AB-\nBAB\n--A".parse().unwrap(), Side::First);
        let mut rng = ChaCha8Rng::seed_from_u64(2);
        let board = choose(Level::Level2, &game, &mut rng, Duration::from_millis(200));
        assert_eq!(board.count(Side::First), 3 + 2, "{board}");
    }

    /// Plain minimax on the cell gain, for checking the pruned search.
    fn minimax(grid: &mut Grid, side: Side) -> i32 {
        let fills = grid.fills(side);
        if fills.is_empty() {
            return 0;
        }
        let mut best = i32::MIN;
        for f in fills {
            grid.apply(&f, side);
            best = best.max(f.size() as i32 - minimax(grid, side.other()));
            grid.undo(&f);
        }
        best
    }

    #[test]
    fn the_pruned_search_finds_the_exact_value_of_small_endgames() {
        let mut rng = ChaCha8Rng::seed_from_u64(9);
        for _ in 0..30 {
            let mut game = OneTwoThree::new(4, 4);
            // Random moves until at most 8 cells are free.
            while game.grid().free() > 8 {
                let fills = game.fills();
                game.play_fill(fills.choose(&mut rng).unwrap());
            }
            let side = game.turn();
            let exact = minimax(&mut game.grid().clone(), side);
            let mut search = Search::new(&game, Duration::from_secs(60));
            let depth = game.grid().free() as usize;
            assert_eq!(search.negamax(side, depth, -INF, INF), exact, "{}", game.grid());
            // And the move chosen achieves it.
            let f = search.best(game.fills(), &mut rng);
            let mut after = game.grid().clone();
            after.apply(&f, side);
            assert_eq!(f.size() as i32 - minimax(&mut after, side.other()), exact, "{}", game.grid());
        }
    }

    fn reply(level: Level, input: &[u8]) -> String {
        let mut out = Vec::new();
        answer(level, &mut BufReader::new(input), 1, Duration::from_millis(50), &mut out).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn a_malformed_position_gets_an_error_line_and_a_reason() {
        let out = reply(Level::Level2, b"2 2\r\n--\r\nAA\r\nB");
        assert_eq!(out, "error\r\nthe board must be 3 to 20 columns by 3 to 20 rows, found `2 2`\r\n");
        let out = reply(Level::Random, "опатропа\r\nшай\r\nля\r\nля\r\n".as_bytes());
        assert!(out.starts_with("error\r\n"), "{out}");
        let out = reply(Level::Level1, b"3 3\r\nAAA\r\nBBB\r\nABA\r\nB\r\n");
        assert!(out.starts_with("error\r\nthe board is already full"), "{out}");
        let out = reply(Level::Level1, b"3 3\r\n---\r\n---\r\n---\r\nA\r\nB\r\n");
        assert!(out.starts_with("error\r\nunexpected text after the player letter"), "{out}");
    }

    #[test]
    fn a_valid_position_gets_the_board_after_one_legal_move() {
        let input = b"4 3\r\nA---\r\n-A--\r\n--A-\r\nB";
        for level in [Level::Random, Level::Level1, Level::Level2] {
            let out = reply(level, input);
            assert!(out.ends_with("\r\n") && out.lines().count() == 3, "{out:?}");
            let mut game = OneTwoThree::from_position("A---\n-A--\n--A-".parse().unwrap(), Side::Second);
            game.play(&out.parse().unwrap()).unwrap_or_else(|e| panic!("{level:?}: {e}\n{out}"));
        }
    }

    #[test]
    fn level2_beats_random_in_at_least_95_percent_of_games() {
        let small = tally(Level::Level2, Level::Random, 20, 7, 5, Duration::from_millis(10));
        let large = tally(Level::Level2, Level::Random, 6, 12, 8, Duration::from_millis(10));
        eprintln!("level2 vs random: 7x5 {small:?}, 12x8 {large:?} (won, lost, drawn)");
        assert!(small[0] + large[0] >= 25, "{small:?} {large:?}");
    }

    /// Between two players that both take the biggest fills, the first mover has the edge on
    /// these boards (an odd count of cells, or the first triple): level2 must win every game it
    /// starts and never lose more games than it wins overall.
    #[test]
    fn level2_wins_its_games_as_first_against_level1_and_is_never_behind() {
        for (cols, rows) in [(6, 4), (7, 5)] {
            let mut as_first = 0;
            let mut t = [0; 3];
            for i in 0..10u64 {
                match play(Level::Level2, Level::Level1, i % 2 == 0, cols, rows, i, Duration::from_millis(20))
                {
                    Some(0) => {
                        t[0] += 1;
                        as_first += usize::from(i % 2 == 0);
                    }
                    Some(_) => t[1] += 1,
                    None => t[2] += 1,
                }
            }
            eprintln!("{cols}x{rows} level2 vs level1: {t:?} (won, lost, drawn), {as_first}/5 as first");
            assert!(as_first >= 4 && t[0] >= t[1], "{cols}x{rows}: {t:?}, {as_first}/5 as first");
        }
    }
}
