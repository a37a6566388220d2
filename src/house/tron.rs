//! House bots for `tron`: real-time bots that answer every tick within ~30 % of its length.
//!
//! - `random`: keeps going or turns at random, avoiding cells that are already used when it can.
//! - `level1`: avoids immediate crashes and heads for the largest open space (flood fill),
//!   hugging walls on ties so that it wastes little room.
//! - `level2`: while the lines share a region, a paranoid simultaneous-move search (its move, then
//!   the opponent's worst reply) scored by a Voronoi partition of the free cells; once the lines
//!   are cut apart, a depth-limited search that fills its own region as tightly as it can.

use crate::games::tron::{Dir, Tron};
use crate::games::Side;
use anyhow::{bail, Context};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::io::{BufRead, Write};
use std::time::{Duration, Instant};

/// What a bot knows: the game as rebuilt from the `SIIRTO` lines, which line it drives, and the
/// direction each line moved on the last tick (the defaults before the first tick).
#[derive(Clone, Copy, Debug)]
pub struct View<'a> {
    pub game: &'a Tron,
    pub me: Side,
    pub heading: [Dir; 2],
}

/// Picks the direction to announce for the next tick.
pub fn choose(level: &str, view: &View, rng: &mut ChaCha8Rng, budget: Duration) -> Dir {
    let deadline = Instant::now() + budget;
    let grid = Grid::from_game(view.game);
    let me = view.me.index();
    let head = grid.head(view.game, me);
    match level {
        "random" => random_dir(&grid, head, view.heading[me], rng),
        "level1" => flood_dir(&grid, head, grid.head(view.game, 1 - me), view.heading[me], rng),
        _ => {
            let opp = grid.head(view.game, 1 - me);
            let mut search = Search { grid, deadline, out_of_time: false, fill: Fill::new(view.game) };
            search.best(head, opp, view.heading[me], rng)
        }
    }
}

/// The grid as a flat array of used cells, with torus neighbours.
#[derive(Clone)]
struct Grid {
    w: u32,
    h: u32,
    used: Vec<bool>,
}

impl Grid {
    fn from_game(game: &Tron) -> Grid {
        let (w, h) = (game.width(), game.height());
        let mut used = vec![false; (w * h) as usize];
        for y in 0..h {
            for x in 0..w {
                used[(y * w + x) as usize] = game.is_used(x, y);
            }
        }
        Grid { w, h, used }
    }

    fn head(&self, game: &Tron, side: usize) -> u32 {
        let (x, y) = game.heads()[side];
        y * self.w + x
    }

    fn step(&self, cell: u32, dir: Dir) -> u32 {
        let (x, y) = dir.step((cell % self.w, cell / self.w), self.w, self.h);
        y * self.w + x
    }

    fn free(&self, cell: u32) -> bool {
        !self.used[cell as usize]
    }

    fn free_neighbours(&self, cell: u32) -> usize {
        Dir::ALL.iter().filter(|&&d| self.free(self.step(cell, d))).count()
    }

    /// The directions that do not crash at once.
    fn safe_dirs(&self, head: u32) -> Vec<Dir> {
        Dir::ALL.into_iter().filter(|&d| self.free(self.step(head, d))).collect()
    }
}

/// `random`: mostly straight on, sometimes a random safe turn; any direction when trapped.
fn random_dir(grid: &Grid, head: u32, heading: Dir, rng: &mut ChaCha8Rng) -> Dir {
    let safe = grid.safe_dirs(head);
    if safe.contains(&heading) && rng.gen_range(0..4) != 0 {
        return heading;
    }
    safe.choose(rng).copied().unwrap_or(heading)
}

/// `level1`: the safe direction with the longest path its reachable cells allow, counting the
/// cells the opponent may enter next as taken; on ties the one with the fewest free neighbours
/// (hugging walls), then straight on, then at random.
fn flood_dir(grid: &Grid, head: u32, opp: u32, heading: Dir, rng: &mut ChaCha8Rng) -> Dir {
    let mut fill = Fill::with_size(grid.used.len());
    let mut safe = grid.safe_dirs(head);
    if safe.is_empty() {
        return heading;
    }
    safe.shuffle(rng);
    let mut g = grid.clone();
    for d in Dir::ALL {
        let c = g.step(opp, d);
        g.used[c as usize] = true;
    }
    let score = |d: Dir, g: &mut Grid, fill: &mut Fill| {
        let to = g.step(head, d);
        g.used[to as usize] = true;
        let area = fill.area(g, to).1;
        let hug = 4 - g.free_neighbours(to);
        g.used[to as usize] = false;
        (area, hug, d == heading)
    };
    *safe.iter().max_by_key(|&&d| score(d, &mut g, &mut fill)).expect("non-empty")
}

/// Flood fill and Voronoi scratch space, reused across calls (a stamp per call instead of clearing).
struct Fill {
    seen: Vec<u32>,
    owner: Vec<u8>,
    stamp: u32,
    queue: Vec<u32>,
}

impl Fill {
    fn new(game: &Tron) -> Fill {
        Fill::with_size((game.width() * game.height()) as usize)
    }

    fn with_size(n: usize) -> Fill {
        Fill { seen: vec![0; n], owner: vec![0; n], stamp: 0, queue: Vec::with_capacity(n) }
    }

    fn next_stamp(&mut self) -> u32 {
        self.stamp += 1;
        self.stamp
    }

    /// The free cells reachable from `from` (not counting it), and how long a path through them
    /// can be at most: a path alternates cell colours, so it uses at most one more cell of the
    /// colour it starts on than of the other.
    fn area(&mut self, g: &Grid, from: u32) -> (u32, u32) {
        let stamp = self.next_stamp();
        self.queue.clear();
        self.queue.push(from);
        self.seen[from as usize] = stamp;
        let colour = |c: u32| (c % g.w + c / g.w) % 2;
        let mut by_colour = [0u32; 2];
        let mut i = 0;
        while i < self.queue.len() {
            let c = self.queue[i];
            i += 1;
            for d in Dir::ALL {
                let n = g.step(c, d);
                if g.free(n) && self.seen[n as usize] != stamp {
                    self.seen[n as usize] = stamp;
                    by_colour[colour(n) as usize] += 1;
                    self.queue.push(n);
                }
            }
        }
        let total = by_colour[0] + by_colour[1];
        // The first step lands on the colour opposite to `from`.
        let first = by_colour[(1 - colour(from)) as usize];
        let second = by_colour[colour(from) as usize];
        let path = if first > second { 2 * second + 1 } else { 2 * first };
        (total, path)
    }

    /// Voronoi partition from both heads: (cells `a` reaches first, cells `b` reaches first,
    /// whether any cell is reachable by both). With even sides the heads stand on different
    /// colours, so no cell is at the same distance from both.
    fn voronoi(&mut self, g: &Grid, a: u32, b: u32) -> (i32, i32, bool) {
        let stamp = self.next_stamp();
        self.queue.clear();
        for (who, head) in [(0u8, a), (1u8, b)] {
            self.queue.push(head);
            self.seen[head as usize] = stamp;
            self.owner[head as usize] = who;
        }
        let mut counts = [0i32; 2];
        let mut touching = false;
        let mut i = 0;
        while i < self.queue.len() {
            let c = self.queue[i];
            i += 1;
            let who = self.owner[c as usize];
            for d in Dir::ALL {
                let n = g.step(c, d);
                if !g.free(n) {
                    continue;
                }
                if self.seen[n as usize] == stamp {
                    touching |= self.owner[n as usize] != who;
                    continue;
                }
                self.seen[n as usize] = stamp;
                self.owner[n as usize] = who;
                counts[who as usize] += 1;
                self.queue.push(n);
            }
        }
        (counts[0], counts[1], touching)
    }
}

/// Scores: a crash decides the game, so it outweighs any difference of cells.
const WIN: i32 = 1_000_000;

/// `level2`'s search state.
struct Search {
    grid: Grid,
    deadline: Instant,
    out_of_time: bool,
    fill: Fill,
}

impl Search {
    fn tick_clock(&mut self) {
        if Instant::now() >= self.deadline {
            self.out_of_time = true;
        }
    }

    fn best(&mut self, me: u32, opp: u32, heading: Dir, rng: &mut ChaCha8Rng) -> Dir {
        let mut dirs = self.grid.safe_dirs(me);
        if dirs.is_empty() {
            return heading;
        }
        if dirs.len() == 1 {
            return dirs[0];
        }
        dirs.shuffle(rng);
        let (_, _, touching) = self.fill.voronoi(&self.grid, me, opp);
        let mut best = dirs[0];
        let mut completed = false;
        for depth in 1..=64 {
            let mut found: Option<(i32, Dir)> = None;
            for &d in &dirs {
                let alpha = found.map_or(-WIN * 2, |f| f.0);
                let score = if touching {
                    self.pair(me, opp, d, depth, alpha, WIN * 2)
                } else {
                    self.solo(me, d, depth)
                };
                if self.out_of_time {
                    break;
                }
                if found.is_none_or(|f| score > f.0) {
                    found = Some((score, d));
                }
            }
            if self.out_of_time {
                break;
            }
            let Some((score, d)) = found else { break };
            completed = true;
            best = d;
            if score.abs() >= WIN {
                break; // the result is proven either way
            }
            // Search the best direction first at the next depth.
            let pos = dirs.iter().position(|&x| x == d).expect("root move");
            dirs[..=pos].rotate_right(1);
        }
        if !completed {
            // Not even one level fitted in the budget: fall back on the cheap flood-fill choice.
            return flood_dir(&self.grid, me, opp, heading, rng);
        }
        best
    }

    /// My move `d` against every reply of the opponent (the worst for me counts), both applied at
    /// once, then `depth - 1` more such pairs. Scores are mine: Voronoi cells of mine minus theirs.
    fn pair(&mut self, me: u32, opp: u32, d: Dir, depth: u32, alpha: i32, mut beta: i32) -> i32 {
        let my_to = self.grid.step(me, d);
        let i_crash = !self.grid.free(my_to);
        let mut worst = WIN * 2;
        for od in Dir::ALL {
            let opp_to = self.grid.step(opp, od);
            let they_crash = !self.grid.free(opp_to);
            let score = match (i_crash, they_crash) {
                (true, true) => 0,
                (true, false) => -WIN - depth as i32,
                (false, true) => {
                    // Suicide is rarely the opponent's best reply; only count it when forced.
                    if self.grid.safe_dirs(opp).is_empty() {
                        WIN + depth as i32
                    } else {
                        continue;
                    }
                }
                (false, false) => {
                    self.grid.used[my_to as usize] = true;
                    self.grid.used[opp_to as usize] = true;
                    let s = if depth <= 1 {
                        self.leaf(my_to, opp_to)
                    } else {
                        self.mine(my_to, opp_to, depth - 1, alpha, beta)
                    };
                    self.grid.used[my_to as usize] = false;
                    self.grid.used[opp_to as usize] = false;
                    s
                }
            };
            worst = worst.min(score);
            beta = beta.min(worst);
            if self.out_of_time || worst <= alpha {
                break;
            }
        }
        worst
    }

    /// The best of my moves from a position (a max node).
    fn mine(&mut self, me: u32, opp: u32, depth: u32, mut alpha: i32, beta: i32) -> i32 {
        let mut best = -WIN * 2;
        for d in Dir::ALL {
            let s = self.pair(me, opp, d, depth, alpha, beta);
            best = best.max(s);
            alpha = alpha.max(best);
            if self.out_of_time || alpha >= beta {
                break;
            }
        }
        best
    }

    fn leaf(&mut self, me: u32, opp: u32) -> i32 {
        self.tick_clock();
        let (mine, theirs, touching) = self.fill.voronoi(&self.grid, me, opp);
        if touching {
            return mine - theirs;
        }
        // Cut apart: the game is a race of who fills their own region longer.
        let (_, my_path) = self.fill.area(&self.grid, me);
        let (_, their_path) = self.fill.area(&self.grid, opp);
        (my_path as i32 - their_path as i32) * 4 + (mine - theirs).signum()
    }

    /// Alone in a region: how many cells the line can still fill after moving `d` and then
    /// searching `depth - 1` more moves of its own (the best line counts).
    fn solo(&mut self, me: u32, d: Dir, depth: u32) -> i32 {
        let to = self.grid.step(me, d);
        if !self.grid.free(to) {
            return -WIN;
        }
        self.grid.used[to as usize] = true;
        let score = if depth <= 1 {
            self.tick_clock();
            let (_, path) = self.fill.area(&self.grid, to);
            // Prefer hugging walls among equal fills: fewer free neighbours wastes less room.
            path as i32 * 8 - self.grid.free_neighbours(to) as i32
        } else {
            let mut best = -WIN + 1; // stuck after this move: it still lived one tick
            for nd in Dir::ALL {
                let s = self.solo(to, nd, depth - 1);
                if s > -WIN {
                    best = best.max(s + 8);
                }
                if self.out_of_time {
                    break;
                }
            }
            best
        };
        self.grid.used[to as usize] = false;
        score
    }
}

/// The bot's name on the protocol (3–9 characters of `A-Z a-z 0-9 - _`).
fn name(level: &str) -> &'static str {
    match level {
        "random" => "houseRnd",
        "level1" => "houseL1",
        _ => "houseL2",
    }
}

/// Thinking time for one tick: 30 % of it, so that the answer is in well before the next tick
/// even on a loaded machine.
fn budget(tick_ms: u64) -> Duration {
    Duration::from_millis((tick_ms * 3 / 10).max(1))
}

/// The protocol loop on stdin/stdout (see the spec's bot protocol).
pub fn run(level: &str, _args: &[String], seed: u64) -> anyhow::Result<()> {
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    play(level, seed, stdin.lock(), stdout.lock())
}

fn parse_cell(parts: &[&str], w: u32, h: u32) -> anyhow::Result<(u32, u32)> {
    let x: u32 = parts[0].parse().context("bad x")?;
    let y: u32 = parts[1].parse().context("bad y")?;
    if x >= w || y >= h {
        bail!("cell ({x},{y}) is off the {w}x{h} grid");
    }
    Ok((x, y))
}

fn play(level: &str, seed: u64, input: impl BufRead, mut out: impl Write) -> anyhow::Result<()> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut lines = input.lines();
    let mut next = move || -> anyhow::Result<Option<String>> {
        Ok(lines.next().transpose().context("reading stdin")?.map(|l| l.trim_end_matches('\r').to_string()))
    };
    let Some(number) = next()? else { return Ok(()) };
    let me = match number.trim() {
        "1" => Side::First,
        "2" => Side::Second,
        _ => bail!("expected the player number `1` or `2`, got `{number}`"),
    };
    writeln!(out, "{}", name(level))?;
    out.flush()?;

    let Some(header) = next()? else { return Ok(()) };
    let parts: Vec<&str> = header.split(' ').collect();
    let (w, h, ms) = match parts.as_slice() {
        ["PELI", w, h, ms] => (w.parse::<u32>()?, h.parse::<u32>()?, ms.parse::<u64>()?),
        _ => bail!("expected `PELI <W> <H> <ms>`, got `{header}`"),
    };
    let mut game = Tron::try_new(w, h)?;
    let mut heading = [Dir::default_for(Side::First), Dir::default_for(Side::Second)];
    // The first direction may use part of the 1 s pause before the first tick.
    let first_budget = budget(ms.max(1000)).min(Duration::from_millis(300));
    let dir = choose(level, &View { game: &game, me, heading }, &mut rng, first_budget);
    writeln!(out, "{dir}")?;
    out.flush()?;

    let mut pending: [Option<(u32, u32)>; 2] = [None, None];
    while let Some(line) = next()? {
        let parts: Vec<&str> = line.split(' ').collect();
        match parts.as_slice() {
            ["LOPPU"] => return Ok(()),
            ["PONG"] => {}
            ["SIIRTO", p @ ("1" | "2"), rest @ ..] if rest.len() == 2 => {
                let i = if *p == "1" { 0 } else { 1 };
                pending[i] = Some(parse_cell(rest, w, h)?);
                let [Some(a), Some(b)] = pending else { continue };
                pending = [None, None];
                let olds = game.heads();
                let mut dirs = heading;
                for (k, new) in [a, b].into_iter().enumerate() {
                    dirs[k] = Dir::between(olds[k], new, w, h)
                        .with_context(|| format!("player {} jumped from {:?} to {new:?}", k + 1, olds[k]))?;
                }
                heading = dirs;
                if game.tick(dirs).is_some() {
                    continue; // LOPPU follows
                }
                let dir = choose(level, &View { game: &game, me, heading }, &mut rng, budget(ms));
                writeln!(out, "{dir}")?;
                out.flush()?;
            }
            _ => bail!("unexpected line `{line}`"),
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One game in-process: both bots see the same ticks the judge would send. Returns the winner.
    fn duel(levels: [&str; 2], w: u32, h: u32, seed: u64, budget: Duration) -> Option<Side> {
        let mut game = Tron::new(w, h);
        let mut heading = [Dir::default_for(Side::First), Dir::default_for(Side::Second)];
        let mut rngs = [ChaCha8Rng::seed_from_u64(seed), ChaCha8Rng::seed_from_u64(seed ^ 0xdead_beef)];
        loop {
            let dirs = [Side::First, Side::Second].map(|me| {
                let view = View { game: &game, me, heading };
                choose(levels[me.index()], &view, &mut rngs[me.index()], budget)
            });
            heading = dirs;
            if let Some(o) = game.tick(dirs) {
                return o.winner;
            }
        }
    }

    /// Level `a` against `b` on each board with each side: (won, lost, games).
    fn series(a: &str, b: &str, boards: &[(u32, u32)], seeds: u64, budget: Duration) -> (u32, u32, u32) {
        let (mut won, mut lost, mut games) = (0, 0, 0);
        for &(w, h) in boards {
            for seed in 0..seeds {
                for a_side in [Side::First, Side::Second] {
                    let levels = if a_side == Side::First { [a, b] } else { [b, a] };
                    games += 1;
                    match duel(levels, w, h, seed, budget) {
                        Some(s) if s == a_side => won += 1,
                        Some(_) => lost += 1,
                        None => {}
                    }
                }
            }
        }
        (won, lost, games)
    }

    const BOARDS: [(u32, u32); 3] = [(12, 6), (20, 14), (40, 30)];

    #[test]
    fn level2_beats_random_in_at_least_95_percent_of_games() {
        let (won, lost, games) = series("level2", "random", &BOARDS, 7, Duration::from_millis(4));
        eprintln!("tron level2 vs random: {won} won, {lost} lost of {games}");
        assert!(won * 100 >= games * 95, "level2 won {won} of {games}");
    }

    #[test]
    fn level2_beats_level1_in_most_games() {
        let (won, lost, games) = series("level2", "level1", &BOARDS, 5, Duration::from_millis(4));
        eprintln!("tron level2 vs level1: {won} won, {lost} lost of {games}");
        assert!(won * 2 > games, "level2 won {won}, lost {lost} of {games}");
    }

    #[test]
    fn level1_beats_random_in_most_games() {
        let (won, lost, games) = series("level1", "random", &BOARDS, 5, Duration::from_millis(1));
        eprintln!("tron level1 vs random: {won} won, {lost} lost of {games}");
        assert!(won * 2 > games, "level1 won {won}, lost {lost} of {games}");
    }

    #[test]
    fn every_level_avoids_a_crash_it_can_avoid() {
        // Player 1 on (0,0) heading +X into player 2's start (1,0): only +Y and -Y are safe.
        let game = Tron::new(12, 6);
        let heading = [Dir::PlusX, Dir::PlusX];
        for level in ["random", "level1", "level2"] {
            for seed in 0..20 {
                let mut rng = ChaCha8Rng::seed_from_u64(seed);
                let view = View { game: &game, me: Side::First, heading };
                let d = choose(level, &view, &mut rng, Duration::from_millis(5));
                assert_ne!(d, Dir::PlusX, "{level} seed {seed}");
            }
        }
    }

    #[test]
    fn level1_turns_toward_the_larger_region() {
        // Full walls on columns 2 and 5 split the 8x8 torus into columns 3-4 (16 cells) and
        // columns 6-7-0-1 (32 cells). The head sits in the column-2 wall; only ±X are open.
        let mut grid = Grid { w: 8, h: 8, used: vec![false; 64] };
        for y in 0..8 {
            grid.used[(y * 8 + 2) as usize] = true;
            grid.used[(y * 8 + 5) as usize] = true;
        }
        let (head, opp) = (4 * 8 + 2, 5);
        for seed in 0..10 {
            let d = flood_dir(&grid, head, opp, Dir::PlusY, &mut ChaCha8Rng::seed_from_u64(seed));
            assert_eq!(d, Dir::MinusX, "seed {seed}");
        }
    }

    #[test]
    fn the_protocol_loop_names_itself_and_answers_every_tick_until_loppu() {
        let input =
            "2\nPELI 12 6 230\nSIIRTO 1 11 0\nSIIRTO 2 2 0\nPONG\nSIIRTO 1 10 0\r\nSIIRTO 2 3 0\nLOPPU\n";
        let mut out = Vec::new();
        play("level2", 5, input.as_bytes(), &mut out).unwrap();
        let out = String::from_utf8(out).unwrap();
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines[0], "houseL2");
        assert_eq!(lines.len(), 4, "name, first direction, one per tick: {out}");
        for l in &lines[1..] {
            l.parse::<Dir>().unwrap();
        }
    }

    #[test]
    fn the_protocol_loop_refuses_a_jump_it_cannot_follow() {
        let input = "1\nPELI 12 6 230\nSIIRTO 1 5 5\nSIIRTO 2 2 0\n";
        let err = play("random", 1, input.as_bytes(), Vec::new()).unwrap_err();
        assert!(err.to_string().contains("jumped"), "{err}");
    }

    #[test]
    fn bot_names_follow_the_protocol_rules() {
        for level in crate::house::Level::ALL.map(crate::house::Level::as_str) {
            let n = name(level);
            assert!(
                (3..=9).contains(&n.len())
                    && n.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
            );
        }
    }

    #[test]
    fn the_budget_is_30_percent_of_the_tick() {
        assert_eq!(budget(50), Duration::from_millis(15));
        assert_eq!(budget(1000), Duration::from_millis(300));
    }
}
