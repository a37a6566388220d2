//! The capacity model of `docs/capacity.md`: what a contest costs in games, cores and time, from
//! the judge's measured figures (`botarena bench`) and the game's match format (its settings).
//!
//! A game slot (one game at a time, its two bots pinned to two cores) plays a game in
//!
//! ```text
//! t = around + start + plies x per_move + think        (tron: around + start + pause + ticks x tick)
//! ```
//!
//! where `around` is the platform's work per game around playing it (claiming it, unpacking both
//! bots, storing the result, the log and the match's points), `start` is `double_forfeit_game` (a
//! whole game with no moves: both bots started, the referee's start and end), `per_move` is `move_overhead` (one move between instant bots; for
//! one-two-three, which starts a process per move, half of `double_forfeit_game`), and `think`
//! the time the bots take: nothing for instant bots, their whole move time for the slowest
//! (capped per bot by the game's time bank). Everything else follows from the games to play.

use crate::games::settings::{GameSettings, Settings};

/// The judge's figures the model needs, as `botarena bench` reports them.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Figures {
    /// `double_forfeit_game`, in ms.
    pub start_ms: f64,
    /// `move_overhead`, in us per move.
    pub move_us: f64,
    /// The platform's work per game around playing it, in ms.
    pub around_ms: f64,
    /// Compiling a submission, in seconds (before its games can start; idle slots are woken
    /// as soon as work is queued, `jobs::wakeups`, so nothing else comes before them).
    pub compile_s: f64,
}

impl Default for Figures {
    /// The figures of docs/bench.md's table (`botarena bench --entrants 1000`, release build, 2-core machine), the
    /// work around a game from `platform_games_per_second` against its baseline (1 / value - 1 /
    /// baseline, test profile, an idle 2-core machine, one game slot, games claimed and stored in
    /// batches: 0.9 to 1.6 ms at 40 entrants, median 1.1 ms; 1.34 and 1.35 ms at 200; about
    /// 1.2 ms), and a C compile with gcc.
    fn default() -> Self {
        Figures { start_ms: 4.454, move_us: 64.6, around_ms: 1.2, compile_s: 1.0 }
    }
}

/// Matches an entrant of a ladder plays on average for the accuracy `botarena bench` measures as
/// `ladder_accuracy`: 5 % of a round robin's at 1,000 entrants, an order about 0.88 x as close to
/// the true one (Kendall's tau) as the full round robin's.
pub const LADDER_MATCHES: f64 = 50.0;

/// Games a ladder entrant plays before it has a rating that places it: the matchmaker's
/// placement (`service::ladder::matchmaker::Config::placement`).
pub const LADDER_PLACEMENT_GAMES: u32 = 8;

/// How long the bots think.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Bots {
    /// They answer at once: the judge's own cost only.
    Instant,
    /// Every move takes the whole move time (within the bank), the longest a game can take.
    WholeMoveTime,
    /// Every move takes this many ms (within the bank).
    Think(f64),
}

/// A game's match format and length, from its settings.
#[derive(Clone, Debug, PartialEq)]
pub struct Shape {
    pub games_per_match: u32,
    /// Moves (plies) in a typical game between quick bots, averaged over the boards played.
    pub plies_typical: f64,
    /// Moves in the longest game the rules allow, averaged over the boards played.
    pub plies_max: f64,
    pub move_ms: f64,
    /// Thinking time per bot and game; 0 = none.
    pub bank_ms: f64,
    /// One-two-three: a process started per move.
    pub start_per_move: bool,
    /// Tron: seconds of a game on the clock (pause + ticks x tick ms), whatever the bots do.
    pub clocked_s: Option<f64>,
}

impl Shape {
    pub fn of(settings: &Settings) -> Shape {
        let common = settings.common();
        let boards = settings.boards();
        let mean = |f: &dyn Fn(f64) -> f64| {
            boards.iter().map(|b| f((b.width * b.height) as f64)).sum::<f64>() / boards.len().max(1) as f64
        };
        let (plies_typical, plies_max, clocked_s) = match settings.game() {
            // Up to max_rounds rounds of two moves; games between quick bots average 80 moves.
            GameSettings::Checkers(c) => {
                (80f64.min(2.0 * c.max_rounds as f64), 2.0 * c.max_rounds as f64, None)
            }
            // A full grid at most; about half of it when somebody can win, all when nobody can.
            GameSettings::Connect4(c) => {
                let cells = (c.rows * c.cols) as f64;
                let winnable = c.connect <= c.rows.max(c.cols);
                (if winnable { cells / 2.0 } else { cells }, cells, None)
            }
            // Pieces of 1 to 3 cells: about 2 cells a move, 1 at the longest.
            GameSettings::OneTwoThree(_) => (mean(&|cells| cells / 2.0), mean(&|cells| cells), None),
            // Two pawns that never revisit a cell: a third of the board, all of it at the longest.
            GameSettings::Mathtricks(_) => (mean(&|cells| cells / 3.0), mean(&|cells| cells), None),
            // Ticks until a crash: about a quarter of the board filled, whatever the bots think.
            GameSettings::Tron(_) => {
                let ticks = boards
                    .iter()
                    .map(|b| (b.width * b.height) as f64 / 8.0 * b.ms.unwrap_or(100) as f64 / 1000.0)
                    .sum::<f64>()
                    / boards.len().max(1) as f64;
                (0.0, 0.0, Some(1.0 + ticks))
            }
        };
        Shape {
            games_per_match: common.games,
            plies_typical,
            plies_max,
            move_ms: common.move_ms as f64,
            bank_ms: common.bank_ms as f64,
            start_per_move: matches!(settings.game(), GameSettings::OneTwoThree(_)),
            clocked_s,
        }
    }

    /// Seconds one game slot spends on one game.
    pub fn seconds_per_game(&self, figures: &Figures, bots: Bots) -> f64 {
        let start = figures.start_ms / 1000.0;
        let around = figures.around_ms / 1000.0;
        if let Some(clocked) = self.clocked_s {
            return around + start + clocked;
        }
        let (plies, think_ms) = match bots {
            Bots::Instant => (self.plies_typical, 0.0),
            Bots::WholeMoveTime => (self.plies_max, self.move_ms),
            Bots::Think(ms) => (self.plies_typical, ms),
        };
        let per_move = if self.start_per_move { start / 2.0 } else { figures.move_us / 1e6 };
        let mut per_bot_ms = plies / 2.0 * think_ms;
        if self.bank_ms > 0.0 {
            per_bot_ms = per_bot_ms.min(self.bank_ms);
        }
        around + start + plies * per_move + 2.0 * per_bot_ms / 1000.0
    }
}

/// A contest of `entrants` and `workers` game slots, whose games take `seconds_per_game`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Contest {
    pub entrants: u64,
    pub workers: u64,
    pub games_per_match: u32,
    pub seconds_per_game: f64,
    pub compile_s: f64,
}

impl Contest {
    /// Games of a full round robin (what a rejudge plays): a match per pair.
    pub fn round_robin_games(&self) -> u64 {
        self.entrants * self.entrants.saturating_sub(1) / 2 * self.games_per_match as u64
    }

    /// Core-hours of a full round robin: two cores per game slot.
    pub fn round_robin_core_hours(&self) -> f64 {
        self.round_robin_games() as f64 * self.seconds_per_game * 2.0 / 3600.0
    }

    /// Seconds a full rejudge takes on the contest's workers.
    pub fn rejudge_seconds(&self) -> f64 {
        self.round_robin_games() as f64 * self.seconds_per_game / self.workers as f64
    }

    /// Games a wave of `k` new entrants (among `entrants`, the wave included) schedules: each plays
    /// everyone already in, and the wave's members play each other once.
    pub fn wave_games(&self, k: u64) -> u64 {
        let k = k.min(self.entrants);
        (k * (self.entrants - k) + k * k.saturating_sub(1) / 2) * self.games_per_match as u64
    }

    /// Seconds until the first game of a submission can start on an idle pool: its compile.
    fn lead_seconds(&self) -> f64 {
        self.compile_s
    }

    /// Seconds from a wave of `k` submissions until its last game is played, on an otherwise
    /// idle queue: the first compile, then its games spread over the workers.
    pub fn wave_seconds(&self, k: u64) -> f64 {
        self.lead_seconds() + self.wave_games(k) as f64 * self.seconds_per_game / self.workers as f64
    }

    /// Seconds until one new submission is fully judged (a wave of one).
    pub fn submission_seconds(&self) -> f64 {
        self.wave_seconds(1)
    }

    /// The fewest workers that judge a new submission within `goal_s`; `None` if even one game per
    /// worker is too long.
    pub fn workers_for(&self, goal_s: f64) -> Option<u64> {
        let games = self.wave_games(1) as f64;
        let left = goal_s - self.lead_seconds();
        (left > self.seconds_per_game).then(|| ((games * self.seconds_per_game / left).ceil() as u64).max(1))
    }

    /// Games of a ladder in which every entrant plays `matches` matches on average (at most a
    /// round robin's `entrants - 1`): each match counts for its two entrants.
    pub fn ladder_games(&self, matches: f64) -> u64 {
        let per_entrant = matches.min(self.entrants.saturating_sub(1) as f64);
        (self.entrants as f64 * per_entrant / 2.0).round() as u64 * self.games_per_match as u64
    }

    /// Core-hours of that ladder: two cores per game slot.
    pub fn ladder_core_hours(&self, matches: f64) -> f64 {
        self.ladder_games(matches) as f64 * self.seconds_per_game * 2.0 / 3600.0
    }

    /// Seconds until a new submission of a ladder has a rating: its compile, then its placement
    /// games one after the other (a ladder entrant plays one match at a time), on an idle pool.
    pub fn ladder_placement_seconds(&self, placement_games: u32) -> f64 {
        self.lead_seconds() + placement_games as f64 * self.seconds_per_game
    }

    /// KEDA's `targetQueryValue` for a goal: the games one worker plays in `goal_s`.
    pub fn keda_target(&self, goal_s: f64) -> u64 {
        (((goal_s - self.lead_seconds()) / self.seconds_per_game).floor() as u64).max(1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::GameId;

    fn contest(entrants: u64, workers: u64, t: f64) -> Contest {
        Contest { entrants, workers, games_per_match: 2, seconds_per_game: t, compile_s: 1.0 }
    }

    #[test]
    fn a_round_robin_is_a_match_per_pair() {
        let c = contest(100, 4, 0.5);
        assert_eq!(c.round_robin_games(), 9_900);
        assert!((c.rejudge_seconds() - 9_900.0 * 0.5 / 4.0).abs() < 1e-9);
        assert!((c.round_robin_core_hours() - 9_900.0 * 0.5 * 2.0 / 3600.0).abs() < 1e-9);
    }

    #[test]
    fn a_ladder_plays_its_matches_per_entrant_and_never_more_than_a_round_robin() {
        let c = contest(1000, 8, 0.5);
        // 1,000 entrants x 50 matches / 2 (a match counts for two), two games each.
        assert_eq!(c.ladder_games(50.0), 50_000);
        assert!((c.ladder_core_hours(50.0) - 50_000.0 * 0.5 * 2.0 / 3600.0).abs() < 1e-9);
        assert_eq!(contest(10, 1, 1.0).ladder_games(50.0), contest(10, 1, 1.0).round_robin_games());
        assert!((c.ladder_placement_seconds(8) - (1.0 + 8.0 * 0.5)).abs() < 1e-9);
        let matchmaker = crate::service::ladder::matchmaker::Config::default();
        assert_eq!(LADDER_PLACEMENT_GAMES, matchmaker.placement);
    }

    #[test]
    fn a_wave_plays_the_old_entrants_and_itself_once() {
        let c = contest(10, 2, 1.0);
        // 3 newcomers x 7 others + 3 pairs among them, two games each.
        assert_eq!(c.wave_games(3), (21 + 3) * 2);
        assert_eq!(c.wave_games(1), 18);
        assert_eq!(c.wave_games(10), c.round_robin_games());
        assert!((c.wave_seconds(3) - (1.0 + 48.0 / 2.0)).abs() < 1e-9);
    }

    #[test]
    fn the_workers_for_a_goal_meet_it_and_one_fewer_does_not() {
        let c = contest(1000, 1, 0.2);
        let w = c.workers_for(600.0).unwrap();
        assert!(Contest { workers: w, ..c }.submission_seconds() <= 600.0);
        assert!(Contest { workers: w - 1, ..c }.submission_seconds() > 600.0);
        assert_eq!(contest(10, 1, 900.0).workers_for(600.0), None);
    }

    #[test]
    fn thinking_bots_are_capped_by_the_bank_and_instant_ones_cost_the_judge_only() {
        let figures = Figures { start_ms: 5.0, move_us: 100.0, around_ms: 0.0, compile_s: 0.0 };
        let checkers = Shape::of(&Settings::defaults(GameId::Checkers));
        assert_eq!(checkers.games_per_match, 2);
        let instant = checkers.seconds_per_game(&figures, Bots::Instant);
        assert!((instant - (0.005 + 80.0 * 0.0001)).abs() < 1e-9, "{instant}");
        // 60 moves of 2 s each would be 120 s a bot; the 90 s bank stops it.
        let whole = checkers.seconds_per_game(&figures, Bots::WholeMoveTime);
        assert!((whole - (0.005 + 120.0 * 0.0001 + 180.0)).abs() < 1e-9, "{whole}");
        let mut c4 = Settings::defaults(GameId::Connect4);
        c4.set("connect", "10").unwrap();
        let c4 = Shape::of(&c4);
        assert_eq!((c4.plies_typical, c4.plies_max), (81.0, 81.0), "nobody can win: a full grid");
        let think = c4.seconds_per_game(&figures, Bots::Think(3.0));
        assert!((think - (0.005 + 81.0 * 0.0001 + 81.0 * 0.003)).abs() < 1e-9, "{think}");
        let around = Figures { around_ms: 20.0, ..figures };
        assert!((c4.seconds_per_game(&around, Bots::Think(3.0)) - think - 0.02).abs() < 1e-9);
    }
}
