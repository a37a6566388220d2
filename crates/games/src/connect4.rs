//! Rules of Connect Four (`connect4`, see `docs/games/connect4.md`): discs drop into
//! columns of a `rows` x `cols` grid, and `connect` of one side's discs in a line win at once.
//!
//! Rows are counted from the bottom (row 0 is where the first disc of a column lands), columns
//! from 0 as the protocol numbers them.

use super::{IllegalMove, Outcome, ParseMoveError, Side, TurnGame};
use std::fmt;
use std::str::FromStr;

/// The four line directions as (row step, column step): horizontal, vertical and both diagonals.
const DIRECTIONS: [(i64, i64); 4] = [(0, 1), (1, 0), (1, 1), (1, -1)];

/// A move: the column a disc is dropped into, as the protocol's decimal number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Column(pub u32);

impl FromStr for Column {
    type Err = ParseMoveError;

    /// Accepts ASCII digits only: no sign, no spaces (the driver has already removed a trailing
    /// `\r`). A number too large for `u32` saturates, so that it is reported as out of range (an
    /// illegal move) rather than as unreadable text.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        if s.is_empty() {
            return Err(ParseMoveError("expected a column number, got an empty line".into()));
        }
        if !s.bytes().all(|b| b.is_ascii_digit()) {
            return Err(ParseMoveError(format!("expected a column number (digits only), got `{}`", clip(s))));
        }
        Ok(Column(s.parse().unwrap_or(u32::MAX)))
    }
}

impl fmt::Display for Column {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// Shortens a bot's text for an error message.
fn clip(s: &str) -> String {
    let mut out: String = s.chars().take(40).collect();
    if out.len() < s.len() {
        out.push('…');
    }
    out
}

/// A game of Connect Four in progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Connect4 {
    rows: u32,
    cols: u32,
    connect: u32,
    /// Row-major from the bottom row: `cells[row * cols + col]`.
    cells: Vec<Option<Side>>,
    /// Discs in each column, i.e. the row the next disc lands on.
    heights: Vec<u32>,
    turn: Side,
    discs: u32,
    outcome: Option<Outcome>,
}

impl Connect4 {
    /// An empty grid. The settings keep the sizes in range (4..=20 and a `connect` of 2..=20);
    /// zero sizes are a programming error and panic.
    pub fn new(rows: u32, cols: u32, connect: u32) -> Connect4 {
        assert!(rows > 0 && cols > 0 && connect > 0, "connect4 needs positive sizes");
        Connect4 {
            rows,
            cols,
            connect,
            cells: vec![None; (rows * cols) as usize],
            heights: vec![0; cols as usize],
            turn: Side::First,
            discs: 0,
            outcome: None,
        }
    }

    pub fn rows(&self) -> u32 {
        self.rows
    }

    pub fn cols(&self) -> u32 {
        self.cols
    }

    /// How many discs in a line win.
    pub fn connect(&self) -> u32 {
        self.connect
    }

    /// The disc at `row` (from the bottom) and `col`, if any.
    pub fn cell(&self, row: u32, col: u32) -> Option<Side> {
        self.cells[(row * self.cols + col) as usize]
    }

    /// Discs already in `col`: the row a disc dropped there lands on.
    pub fn height(&self, col: u32) -> u32 {
        self.heights[col as usize]
    }

    /// Whether a disc of `side` dropped into `col` would complete a line (false for a full or
    /// out-of-range column). House bots use it to spot wins and threats.
    pub fn wins_with(&self, col: u32, side: Side) -> bool {
        if col >= self.cols || self.heights[col as usize] >= self.rows {
            return false;
        }
        self.line_through(self.heights[col as usize], col, side)
    }

    /// Whether `side` would have `connect` in a line through (row, col) if that cell held its disc.
    fn line_through(&self, row: u32, col: u32, side: Side) -> bool {
        DIRECTIONS.iter().any(|&(dr, dc)| {
            1 + self.run(row, col, dr, dc, side) + self.run(row, col, -dr, -dc, side) >= self.connect
        })
    }

    /// How many discs of `side` follow (row, col) in the direction (dr, dc), that cell excluded.
    fn run(&self, row: u32, col: u32, dr: i64, dc: i64, side: Side) -> u32 {
        let mut n = 0;
        let (mut r, mut c) = (row as i64 + dr, col as i64 + dc);
        while r >= 0
            && c >= 0
            && r < self.rows as i64
            && c < self.cols as i64
            && self.cells[(r * self.cols as i64 + c) as usize] == Some(side)
        {
            n += 1;
            r += dr;
            c += dc;
        }
        n
    }

    /// The cells `(row, col)` (rows from the bottom) of every line of at least `connect` discs
    /// through the disc at (row, col), that disc included once: what the replay marks as the
    /// winning line. Empty when there is no disc there or it completes no line.
    pub fn lines_through(&self, row: u32, col: u32) -> Vec<(u32, u32)> {
        let Some(side) = (row < self.rows && col < self.cols).then(|| self.cell(row, col)).flatten() else {
            return Vec::new();
        };
        let mut cells = vec![(row, col)];
        for &(dr, dc) in &DIRECTIONS {
            let (ahead, behind) = (self.run(row, col, dr, dc, side), self.run(row, col, -dr, -dc, side));
            if 1 + ahead + behind >= self.connect {
                let at = |k: i64| ((row as i64 + k * dr) as u32, (col as i64 + k * dc) as u32);
                cells.extend((1..=ahead as i64).map(at).chain((1..=behind as i64).map(|k| at(-k))));
            }
        }
        if cells.len() == 1 {
            cells.clear();
        }
        cells
    }
}

/// The rule a move breaks ([`Connect4::refusal`]): its `Display` is the English reason an
/// illegal move is reported with; the web names each in the reader's language.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The game is over: no disc can be dropped.
    Over,
    /// The column is not on the board, whose columns are `0..cols`.
    OutOfRange { col: u32, cols: u32 },
    /// The column has no free row.
    Full(u32),
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Refusal::Over => write!(f, "the game is already over"),
            Refusal::OutOfRange { col, cols } => {
                write!(f, "column {col} is out of range (columns are 0 to {})", cols - 1)
            }
            Refusal::Full(col) => write!(f, "column {col} is full"),
        }
    }
}

impl Connect4 {
    /// The rule `mv` breaks in this position, if any.
    pub fn refusal(&self, mv: &Column) -> Option<Refusal> {
        let col = mv.0;
        if self.outcome.is_some() {
            Some(Refusal::Over)
        } else if col >= self.cols {
            Some(Refusal::OutOfRange { col, cols: self.cols })
        } else if self.heights[col as usize] >= self.rows {
            Some(Refusal::Full(col))
        } else {
            None
        }
    }
}

impl TurnGame for Connect4 {
    type Move = Column;

    fn turn(&self) -> Side {
        self.turn
    }

    fn legal_moves(&self) -> Vec<Column> {
        if self.outcome.is_some() {
            return Vec::new();
        }
        (0..self.cols).filter(|&c| self.heights[c as usize] < self.rows).map(Column).collect()
    }

    fn play(&mut self, mv: &Column) -> Result<(), IllegalMove> {
        if let Some(refusal) = self.refusal(mv) {
            return Err(IllegalMove(refusal.to_string()));
        }
        let col = mv.0;
        let row = self.heights[col as usize];
        let side = self.turn;
        let won = self.line_through(row, col, side);
        self.cells[(row * self.cols + col) as usize] = Some(side);
        self.heights[col as usize] += 1;
        self.discs += 1;
        self.turn = side.other();
        if won {
            self.outcome =
                Some(Outcome { winner: Some(side), reason: crate::OutcomeReason::FourInARow, score: None });
        } else if self.discs == self.rows * self.cols {
            self.outcome =
                Some(Outcome { winner: None, reason: crate::OutcomeReason::BoardFull, score: None });
        }
        Ok(())
    }

    fn outcome(&self) -> Option<Outcome> {
        self.outcome.clone()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Plays columns in order, panicking on an illegal one.
    fn after(rows: u32, cols: u32, connect: u32, moves: &[u32]) -> Connect4 {
        let mut g = Connect4::new(rows, cols, connect);
        for &c in moves {
            g.play(&Column(c)).unwrap_or_else(|e| panic!("column {c}: {e}"));
        }
        g
    }

    fn winner(g: &Connect4) -> Option<Side> {
        g.outcome().and_then(|o| o.winner)
    }

    #[test]
    fn a_column_text_is_digits_only() {
        assert_eq!("4".parse::<Column>().unwrap(), Column(4));
        assert_eq!("04".parse::<Column>().unwrap(), Column(4));
        for bad in ["", " 4", "4 ", "-1", "+3", "four", "4\r", "10 11"] {
            assert!(bad.parse::<Column>().is_err(), "{bad:?} should not parse");
        }
    }

    #[test]
    fn a_huge_number_is_an_out_of_range_column_not_a_parse_error() {
        let mv: Column = "99999999999999999999".parse().unwrap();
        let err = Connect4::new(9, 9, 4).play(&mv).unwrap_err();
        assert!(err.0.contains("out of range"), "{err}");
    }

    #[test]
    fn discs_fall_to_the_lowest_free_cell() {
        let g = after(9, 9, 4, &[3, 3, 3]);
        assert_eq!(g.cell(0, 3), Some(Side::First));
        assert_eq!(g.cell(1, 3), Some(Side::Second));
        assert_eq!(g.cell(2, 3), Some(Side::First));
        assert_eq!(g.cell(3, 3), None);
        assert_eq!(g.height(3), 3);
        assert_eq!(g.turn(), Side::Second);
    }

    #[test]
    fn four_in_a_row_horizontally_wins() {
        let g = after(9, 9, 4, &[0, 0, 1, 1, 2, 2, 3]);
        assert_eq!(winner(&g), Some(Side::First));
        assert_eq!(g.outcome().unwrap().reason, crate::OutcomeReason::FourInARow);
        assert!(g.legal_moves().is_empty());
    }

    #[test]
    fn a_horizontal_line_completed_in_the_middle_wins() {
        let g = after(9, 9, 4, &[0, 0, 1, 1, 3, 3, 2]);
        assert_eq!(winner(&g), Some(Side::First));
    }

    #[test]
    fn four_in_a_column_wins_for_the_second_player() {
        let g = after(9, 9, 4, &[0, 5, 1, 5, 0, 5, 1, 5]);
        assert_eq!(winner(&g), Some(Side::Second));
    }

    #[test]
    fn a_rising_diagonal_wins() {
        // First builds (0,0) (1,1) (2,2) (3,3); Second fills beneath.
        let g = after(9, 9, 4, &[0, 1, 1, 2, 2, 3, 2, 3, 3, 8, 3]);
        assert_eq!(winner(&g), Some(Side::First));
    }

    #[test]
    fn a_falling_diagonal_wins() {
        // Mirror image: (0,6) (1,5) (2,4) (3,3).
        let g = after(9, 9, 4, &[6, 5, 5, 4, 4, 3, 4, 3, 3, 8, 3]);
        assert_eq!(winner(&g), Some(Side::First));
    }

    #[test]
    fn three_in_a_row_does_not_win_when_five_are_needed() {
        let g = after(6, 7, 5, &[0, 0, 1, 1, 2, 2, 3, 3]);
        assert_eq!(g.outcome(), None);
        let g = after(6, 7, 5, &[0, 0, 1, 1, 2, 2, 3, 3, 4]);
        assert_eq!(winner(&g), Some(Side::First));
        assert_eq!(g.outcome().unwrap().reason, crate::OutcomeReason::FourInARow);
    }

    #[test]
    fn five_on_a_diagonal_of_a_wide_board_wins() {
        // 5 rows x 12 columns, connect 5: First on (0,7) (1,8) (2,9) (3,10) (4,11).
        let mut moves = vec![7, 8, 8, 9, 9, 10, 9, 10, 10, 11, 10, 11, 11, 11, 11];
        assert!(after(5, 12, 5, &moves[..moves.len() - 1]).outcome().is_none());
        let g = after(5, 12, 5, &moves);
        assert_eq!(winner(&g), Some(Side::First));
        moves.pop();
        moves.push(1);
        assert_eq!(after(5, 12, 5, &moves).outcome(), None);
    }

    #[test]
    fn a_vertical_line_on_a_tall_narrow_board_wins() {
        let g = after(12, 4, 6, &[1, 2, 1, 2, 1, 2, 1, 2, 1, 2, 1]);
        assert_eq!(winner(&g), Some(Side::First));
    }

    #[test]
    fn a_full_column_is_illegal_and_leaves_the_state_unchanged() {
        let mut g = after(4, 5, 4, &[2, 2, 2, 2]);
        let before = g.clone();
        let err = g.play(&Column(2)).unwrap_err();
        assert_eq!(err.0, "column 2 is full");
        assert_eq!(g, before);
        assert!(!g.legal_moves().contains(&Column(2)));
    }

    #[test]
    fn an_out_of_range_column_names_the_range() {
        let err = Connect4::new(9, 9, 4).play(&Column(9)).unwrap_err();
        assert_eq!(err.0, "column 9 is out of range (columns are 0 to 8)");
    }

    #[test]
    fn a_full_board_without_a_line_is_a_draw() {
        // On 4x4 with connect 4, fill columns in pairs so that no line forms:
        // columns 0,1 then 2,3 with a swap of parity between the halves.
        let moves = [0, 1, 0, 1, 1, 0, 1, 0, 2, 3, 2, 3, 3, 2, 3, 2];
        let g = after(4, 4, 4, &moves);
        let o = g.outcome().expect("board is full");
        assert_eq!(o.winner, None);
        assert_eq!(o.reason, crate::OutcomeReason::BoardFull);
        assert!(g.legal_moves().is_empty());
    }

    #[test]
    fn playing_after_the_end_is_illegal() {
        let mut g = after(9, 9, 4, &[0, 1, 0, 1, 0, 1, 0]);
        assert!(g.play(&Column(5)).is_err());
    }

    #[test]
    fn wins_with_sees_a_winning_drop() {
        let g = after(9, 9, 4, &[0, 0, 1, 1, 2, 2]);
        assert!(g.wins_with(3, Side::First));
        assert!(!g.wins_with(3, Side::Second), "Second's three are on row 1");
        assert!(!g.wins_with(4, Side::First));
    }

    /// Random legal playouts: the state and the moves that built it.
    fn playout(rows: u32, cols: u32, connect: u32, picks: &[usize]) -> (Connect4, Vec<Column>) {
        let mut g = Connect4::new(rows, cols, connect);
        let mut played = Vec::new();
        let mut i = 0;
        while g.outcome().is_none() {
            let moves = g.legal_moves();
            assert!(!moves.is_empty(), "a game without an outcome has moves");
            let mv = moves[picks[i % picks.len()] % moves.len()];
            i += 1;
            g.play(&mv).expect("a generated move is legal");
            played.push(mv);
            assert!(played.len() as u32 <= rows * cols, "the game must end when the board fills");
        }
        (g, played)
    }

    proptest! {
        #[test]
        fn every_generated_move_is_accepted_and_random_games_end(
            rows in 4u32..10, cols in 4u32..10, connect in 2u32..7,
            picks in prop::collection::vec(0usize..1000, 1..50),
        ) {
            let (g, played) = playout(rows, cols, connect, &picks);
            prop_assert!(g.outcome().is_some());
            prop_assert!(!played.is_empty());
        }

        #[test]
        fn replaying_the_recorded_moves_rebuilds_the_same_state(
            rows in 4u32..10, cols in 4u32..10, connect in 3u32..6,
            picks in prop::collection::vec(0usize..1000, 1..50),
        ) {
            let (g, played) = playout(rows, cols, connect, &picks);
            let mut replay = Connect4::new(rows, cols, connect);
            for mv in &played {
                let text = Connect4::record(mv);
                let parsed: Column = text.as_str().unwrap().parse().unwrap();
                replay.play(&parsed).unwrap();
            }
            prop_assert_eq!(replay, g);
        }

        #[test]
        fn legal_moves_are_exactly_the_columns_play_accepts(
            picks in prop::collection::vec(0usize..1000, 0..30),
        ) {
            let mut g = Connect4::new(5, 6, 4);
            for p in picks {
                let moves = g.legal_moves();
                if moves.is_empty() { break; }
                g.play(&moves[p % moves.len()]).unwrap();
            }
            let legal = g.legal_moves();
            for c in 0..8 {
                let ok = g.clone().play(&Column(c)).is_ok();
                prop_assert_eq!(ok, legal.contains(&Column(c)));
            }
        }
    }
}
