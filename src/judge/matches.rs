//! A match: which games are played, with which seats, boards and seeds, and the totals.
//! The games themselves are played by a callback, so the plan is the same for every game (and
//! testable without real bots).

use super::log::GameLog;
use super::result::{BotId, BotLabel, GameResult, MatchResult, MatchSummary, PerBot};
use super::table::BotCommand;
use crate::games::settings::{BoardSize, Settings};
use crate::games::GameId;

/// Everything needed to play a match.
#[derive(Clone, Debug)]
pub struct MatchSpec {
    pub game: GameId,
    pub settings: Settings,
    /// Bot `a` then bot `b`.
    pub bots: [BotCommand; 2],
    /// Seeds random boards (and whatever else the game randomizes); house bots get their own
    /// seeds through their commands.
    pub seed: u64,
    /// The cores of bot `a` and bot `b` (each bot pinned to its own); `None`: no pinning.
    pub cpus: Option<[usize; 2]>,
}

impl MatchSpec {
    /// The command of `bot`.
    pub fn bot(&self, bot: BotId) -> &BotCommand {
        &self.bots[bot_index(bot)]
    }

    /// The core of `bot`, if pinned.
    pub fn cpu(&self, bot: BotId) -> Option<usize> {
        self.cpus.map(|c| c[bot_index(bot)])
    }
}

fn bot_index(bot: BotId) -> usize {
    match bot {
        BotId::A => 0,
        BotId::B => 1,
    }
}

/// Two cores this process may run on, when it has two: one for each bot of a game.
pub fn default_cpus() -> Option<[usize; 2]> {
    let set = nix::sched::sched_getaffinity(nix::unistd::Pid::from_raw(0)).ok()?;
    let mut cores = (0..nix::sched::CpuSet::count()).filter(|&c| set.is_set(c).unwrap_or(false));
    Some([cores.next()?, cores.next()?])
}

/// One game of a match, as planned; stored as is in `games.plan` (its serde shape is the
/// column's: `{"index", "seats", "board", "seed"}`).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct GamePlan {
    /// 0-based index in the match.
    pub index: u32,
    /// `seats[0]` moves first.
    pub seats: [BotId; 2],
    /// The board of a game with a board list (one-two-three, mathtricks, tron).
    pub board: Option<BoardSize>,
    /// A seed for this game's randomness: the same for the two games of a pair (the same
    /// board played with each bot first).
    pub seed: u64,
}

/// What a match runner reports while it plays.
#[derive(Clone, Debug)]
pub enum Progress {
    GameStarted { index: u32, total: u32 },
    GameFinished { index: u32, total: u32, result: Box<GameResult> },
}

/// A seed derived from the match seed for the `n`-th pair of games (splitmix64).
pub fn derive_seed(seed: u64, n: u64) -> u64 {
    let mut z = seed.wrapping_add(n.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The seed of the house bot in `seat` (0 moves first) of game `game_index` of a match: every
/// game and seat gets its own (the same pair of games, or two house bots, never repeat each
/// other), and the same match seed gives the same seeds.
pub fn house_bot_seed(match_seed: u64, game_index: u32, seat: usize) -> u64 {
    derive_seed(derive_seed(match_seed, 1 << 32 | u64::from(game_index)), seat as u64)
}

/// The games of a match: `games` of them, sides swapped each game; games `2k` and `2k+1` are
/// one pair, played on the same board (board `k` of the list, cycling) with the same seed.
pub fn plan(settings: &Settings, seed: u64) -> Vec<GamePlan> {
    let games = settings.common().games;
    let boards = settings.boards();
    (0..games)
        .map(|index| {
            let pair = index / 2;
            GamePlan {
                index,
                seats: if index % 2 == 0 { [BotId::A, BotId::B] } else { [BotId::B, BotId::A] },
                board: (!boards.is_empty()).then(|| boards[pair as usize % boards.len()]),
                seed: derive_seed(seed, pair as u64),
            }
        })
        .collect()
}

/// Plays the planned games with `play` and sums up the match.
pub fn run_match(
    spec: &MatchSpec,
    progress: &mut dyn FnMut(Progress),
    mut play: impl FnMut(&GamePlan) -> (GameResult, GameLog),
) -> (MatchResult, Vec<GameLog>) {
    let plans = plan(&spec.settings, spec.seed);
    let total = plans.len() as u32;
    let mut results = Vec::with_capacity(plans.len());
    let mut logs = Vec::with_capacity(plans.len());
    for p in &plans {
        progress(Progress::GameStarted { index: p.index, total });
        let (result, log) = play(p);
        progress(Progress::GameFinished { index: p.index, total, result: Box::new(result.clone()) });
        results.push(result);
        logs.push(log);
    }
    let summary = MatchSummary::from_games(&results);
    let bots = PerBot::from([BotId::A, BotId::B].map(|b| (b, BotLabel { label: spec.bot(b).label.clone() })));
    let result =
        MatchResult { game: spec.game, settings: spec.settings.clone(), bots, games: results, summary };
    (result, logs)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_board_is_played_twice_with_sides_swapped_and_one_seed() {
        let s = Settings::from_assignments(GameId::OneTwoThree, ["boards=6x4,12x8"]).unwrap();
        let p = plan(&s, 7);
        assert_eq!(p.len(), 4);
        assert_eq!(p[0].seats, [BotId::A, BotId::B]);
        assert_eq!(p[1].seats, [BotId::B, BotId::A]);
        assert_eq!(p[0].board, p[1].board);
        assert_eq!(p[0].seed, p[1].seed);
        assert_ne!(p[1].seed, p[2].seed);
        assert_eq!(p[2].board.unwrap().width, 12);
    }

    #[test]
    fn house_bot_seeds_differ_per_game_and_seat_and_repeat_with_the_match_seed() {
        let mut seen = std::collections::HashSet::new();
        for game in 0..100 {
            for seat in 0..2 {
                assert!(
                    seen.insert(house_bot_seed(42, game, seat)),
                    "game {game} seat {seat} repeats a seed"
                );
                assert_eq!(house_bot_seed(42, game, seat), house_bot_seed(42, game, seat));
            }
        }
        assert_ne!(house_bot_seed(42, 0, 0), house_bot_seed(43, 0, 0));
    }

    #[test]
    fn games_without_boards_just_alternate_sides() {
        let s = Settings::defaults(GameId::Checkers);
        let p = plan(&s, 1);
        assert_eq!(p.len(), 2);
        assert!(p.iter().all(|g| g.board.is_none()));
        assert_eq!(p[1].seats, [BotId::B, BotId::A]);
    }
}
