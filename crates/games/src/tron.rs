//! Rules of `tron` (Viivapeli; see `docs/games/tron.md`).
//!
//! Real time and simultaneous: the judge calls [`Tron::tick`] on its clock with the direction each
//! bot announced last, and both lines grow one cell at once on a torus. A line that enters a used
//! cell crashes; both crashing on the same tick is a draw.

use super::{Outcome, Side};
use std::fmt;
use std::str::FromStr;

/// The smallest and largest grid sides the rules allow (both must also be even).
pub const MIN_SIDE: u32 = 4;
pub const MAX_WIDTH: u32 = 160;
pub const MAX_HEIGHT: u32 = 120;

/// A direction a line grows in; +Y is up, (0,0) is the bottom-left cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Dir {
    PlusX,
    MinusX,
    PlusY,
    MinusY,
}

impl Dir {
    pub const ALL: [Dir; 4] = [Dir::PlusX, Dir::MinusX, Dir::PlusY, Dir::MinusY];

    /// The direction used before a bot announces one: player 1 goes left, player 2 right.
    pub fn default_for(side: Side) -> Dir {
        match side {
            Side::First => Dir::MinusX,
            Side::Second => Dir::PlusX,
        }
    }

    pub fn opposite(self) -> Dir {
        match self {
            Dir::PlusX => Dir::MinusX,
            Dir::MinusX => Dir::PlusX,
            Dir::PlusY => Dir::MinusY,
            Dir::MinusY => Dir::PlusY,
        }
    }

    /// The cell one step from `(x, y)` this way on a `width` x `height` torus.
    pub fn step(self, (x, y): (u32, u32), width: u32, height: u32) -> (u32, u32) {
        match self {
            Dir::PlusX => ((x + 1) % width, y),
            Dir::MinusX => ((x + width - 1) % width, y),
            Dir::PlusY => (x, (y + 1) % height),
            Dir::MinusY => (x, (y + height - 1) % height),
        }
    }

    /// The direction that leads from `from` to the neighbouring cell `to` on the torus, if any
    /// (a bot learns the opponent's direction from two head positions this way).
    pub fn between(from: (u32, u32), to: (u32, u32), width: u32, height: u32) -> Option<Dir> {
        Dir::ALL.into_iter().find(|d| d.step(from, width, height) == to)
    }
}

impl fmt::Display for Dir {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Dir::PlusX => "+X",
            Dir::MinusX => "-X",
            Dir::PlusY => "+Y",
            Dir::MinusY => "-Y",
        })
    }
}

/// A line that is not one of `+X`, `-X`, `+Y`, `-Y`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a direction (+X, -X, +Y or -Y)")]
pub struct ParseDirError(pub String);

impl FromStr for Dir {
    type Err = ParseDirError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "+X" => Ok(Dir::PlusX),
            "-X" => Ok(Dir::MinusX),
            "+Y" => Ok(Dir::PlusY),
            "-Y" => Ok(Dir::MinusY),
            _ => Err(ParseDirError(s.to_string())),
        }
    }
}

/// A grid size outside the rules (sides even, 4..=160 wide, 4..=120 high).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("tron grid {width}x{height} is invalid: sides must be even, {MIN_SIDE}..={MAX_WIDTH} wide and {MIN_SIDE}..={MAX_HEIGHT} high")]
pub struct GridSizeError {
    pub width: u32,
    pub height: u32,
}

/// A game in progress: which cells are used, both heads, and the outcome once a line crashed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tron {
    width: u32,
    height: u32,
    /// Row-major (`y * width + x`): whether a line has ever been on the cell.
    used: Vec<bool>,
    heads: [(u32, u32); 2],
    ticks: u32,
    outcome: Option<Outcome>,
}

impl Tron {
    /// A new game; panics on a grid the rules forbid (settings validate sizes first; see
    /// [`Tron::try_new`]).
    pub fn new(width: u32, height: u32) -> Tron {
        Tron::try_new(width, height).unwrap_or_else(|e| panic!("{e}"))
    }

    /// A new game: player 1 on (0,0), player 2 on (1,0), both cells used.
    pub fn try_new(width: u32, height: u32) -> Result<Tron, GridSizeError> {
        let ok = |side: u32, max: u32| (MIN_SIDE..=max).contains(&side) && side.is_multiple_of(2);
        if !ok(width, MAX_WIDTH) || !ok(height, MAX_HEIGHT) {
            return Err(GridSizeError { width, height });
        }
        let mut used = vec![false; (width * height) as usize];
        let heads = [(0, 0), (1, 0)];
        for (x, y) in heads {
            used[(y * width + x) as usize] = true;
        }
        Ok(Tron { width, height, used, heads, ticks: 0, outcome: None })
    }

    pub fn width(&self) -> u32 {
        self.width
    }

    pub fn height(&self) -> u32 {
        self.height
    }

    /// The head cells, player 1 first (after a crash: the cells the lines crashed into).
    pub fn heads(&self) -> [(u32, u32); 2] {
        self.heads
    }

    /// Ticks played so far.
    pub fn ticks(&self) -> u32 {
        self.ticks
    }

    /// Whether a line has been on the cell. Panics off the grid.
    pub fn is_used(&self, x: u32, y: u32) -> bool {
        assert!(
            x < self.width && y < self.height,
            "cell ({x},{y}) is off the {}x{} grid",
            self.width,
            self.height
        );
        self.used[(y * self.width + x) as usize]
    }

    /// `Some` once the game is over.
    pub fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    /// One tick: both heads step at once (player 1's direction first). Returns the outcome when
    /// this tick (or an earlier one) ended the game; a finished game does not move any more.
    pub fn tick(&mut self, dirs: [Dir; 2]) -> Option<Outcome> {
        if let Some(o) = &self.outcome {
            return Some(o.clone());
        }
        let new = [0, 1].map(|i| dirs[i].step(self.heads[i], self.width, self.height));
        let idx = |(x, y): (u32, u32)| (y * self.width + x) as usize;
        // Both heads test the cells as they were before the tick. With even sides the heads stay
        // on cells of different colour, so they never enter the same cell; if they somehow did,
        // both would crash.
        let crashed = [0, 1].map(|i| self.used[idx(new[i])] || new[0] == new[1]);
        for cell in new {
            self.used[idx(cell)] = true;
        }
        self.heads = new;
        self.ticks += 1;
        let winner = match crashed {
            [false, false] => return None,
            [true, true] => None,
            [true, false] => Some(Side::Second),
            [false, true] => Some(Side::First),
        };
        let outcome = Outcome { winner, reason: crate::OutcomeReason::Crash, score: None };
        self.outcome = Some(outcome.clone());
        Some(outcome)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use Dir::*;

    #[test]
    fn leaving_the_left_edge_enters_at_the_right_edge() {
        assert_eq!(MinusX.step((0, 4), 12, 6), (11, 4));
        assert_eq!(PlusX.step((11, 4), 12, 6), (0, 4));
        assert_eq!(PlusY.step((3, 5), 12, 6), (3, 0));
        assert_eq!(MinusY.step((3, 0), 12, 6), (3, 5));
    }

    #[test]
    fn the_default_first_tick_wraps_player_one_to_the_far_column() {
        let mut t = Tron::new(12, 6);
        assert_eq!(t.heads(), [(0, 0), (1, 0)]);
        assert!(t.is_used(0, 0) && t.is_used(1, 0));
        let dirs = [Dir::default_for(Side::First), Dir::default_for(Side::Second)];
        assert_eq!(dirs, [MinusX, PlusX]);
        assert_eq!(t.tick(dirs), None);
        assert_eq!(t.heads(), [(11, 0), (2, 0)]);
    }

    #[test]
    fn directions_parse_and_print_as_the_protocol_writes_them() {
        for d in Dir::ALL {
            assert_eq!(d.to_string().parse::<Dir>().unwrap(), d);
        }
        for bad in ["X", "+x", "+X ", "", "PING", "-Z"] {
            assert!(bad.parse::<Dir>().is_err(), "{bad:?}");
        }
    }

    #[test]
    fn grids_outside_the_rules_are_refused() {
        for (w, h) in [(3, 4), (5, 6), (4, 7), (162, 4), (4, 122), (2, 2)] {
            assert!(Tron::try_new(w, h).is_err(), "{w}x{h}");
        }
        assert!(Tron::try_new(160, 120).is_ok());
        assert!(Tron::try_new(4, 4).is_ok());
    }

    #[test]
    fn reversing_into_the_cell_just_left_crashes() {
        let mut t = Tron::new(12, 6);
        assert_eq!(t.tick([PlusY, PlusX]), None);
        let o = t.tick([MinusY, PlusX]).expect("player 1 reversed into (0,0)");
        assert_eq!(o.winner, Some(Side::Second));
        assert_eq!(o.reason, crate::OutcomeReason::Crash);
        assert_eq!(t.heads()[0], (0, 0));
    }

    #[test]
    fn a_line_crashing_into_its_own_trail_loses() {
        let mut t = Tron::new(12, 6);
        // Player 2 goes round a square, (2,0) (2,1) (1,1), and turns down into its start (1,0).
        for dirs in [[PlusY, PlusX], [PlusY, PlusY], [PlusY, MinusX]] {
            assert_eq!(t.tick(dirs), None);
        }
        let o = t.tick([PlusY, MinusY]).unwrap();
        assert_eq!(o.winner, Some(Side::First));
    }

    #[test]
    fn a_head_on_meeting_is_a_draw() {
        // The heads stand side by side on (0,0) and (1,0): each steps into the other's cell.
        let mut t = Tron::new(12, 6);
        let o = t.tick([PlusX, MinusX]).unwrap();
        assert_eq!(o.winner, None);
        assert_eq!(o.reason, crate::OutcomeReason::Crash);
    }

    #[test]
    fn both_crashing_on_the_same_tick_is_a_draw_even_into_different_lines() {
        // The source's example: player 2 hits itself while player 1 hits player 2's line.
        let mut t = Tron::new(12, 6);
        // P2 loops (1,1) (2,1) (2,0) back into (1,0); P1 goes (11,0) (11,1) (0,1) into (1,1).
        for dirs in [[MinusX, PlusY], [PlusY, PlusX], [PlusX, MinusY]] {
            assert_eq!(t.tick(dirs), None);
        }
        let o = t.tick([PlusX, MinusX]).expect("both crash");
        assert_eq!(t.heads(), [(1, 1), (1, 0)]);
        assert_eq!(o.winner, None);
        assert_eq!(o.reason, crate::OutcomeReason::Crash);
    }

    #[test]
    fn a_finished_game_does_not_move_any_more() {
        let mut t = Tron::new(4, 4);
        let o = t.tick([PlusX, MinusX]).unwrap();
        let before = t.clone();
        assert_eq!(t.tick([PlusY, PlusY]), Some(o));
        assert_eq!(t, before);
    }

    #[test]
    fn direction_between_two_cells_sees_through_the_wrap() {
        assert_eq!(Dir::between((0, 4), (11, 4), 12, 6), Some(MinusX));
        assert_eq!(Dir::between((3, 5), (3, 0), 12, 6), Some(PlusY));
        assert_eq!(Dir::between((3, 3), (5, 3), 12, 6), None);
    }

    proptest! {
        #[test]
        fn random_games_end_and_heads_never_share_a_cell(
            w in (2u32..=20).prop_map(|v| v * 2), h in (2u32..=15).prop_map(|v| v * 2),
            dirs in proptest::collection::vec((0usize..4, 0usize..4), 1..64),
        ) {
            let mut t = Tron::new(w, h);
            let mut i = 0;
            let limit = w * h;
            loop {
                let (a, b) = dirs[i % dirs.len()];
                i += 1;
                let out = t.tick([Dir::ALL[a], Dir::ALL[b]]);
                let [p1, p2] = t.heads();
                prop_assert_ne!(p1, p2);
                prop_assert_eq!((p1.0 + p1.1 + p2.0 + p2.1) % 2, 1, "heads stay on different colours");
                if out.is_some() { break; }
                prop_assert!(t.ticks() < limit, "a game on {} cells lasts fewer ticks", limit);
            }
            prop_assert!(t.ticks() <= limit / 2);
        }

        #[test]
        fn replaying_the_same_directions_rebuilds_the_same_state(
            dirs in proptest::collection::vec((0usize..4, 0usize..4), 1..40),
        ) {
            let play = || {
                let mut t = Tron::new(16, 10);
                for &(a, b) in &dirs {
                    if t.tick([Dir::ALL[a], Dir::ALL[b]]).is_some() { break; }
                }
                t
            };
            prop_assert_eq!(play(), play());
        }
    }
}
