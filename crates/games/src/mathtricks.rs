//! Rules of `mathtricks` (see `docs/games/mathtricks.md`).
//!
//! Two pawns walk a board of arithmetic cells (`+3`, `-4`, `*2`, `/2`, ...); each step goes to one
//! of the 8 neighbours that no pawn has ever visited and applies that cell to the mover's running
//! total. The game ends when the player to move is stuck, and the higher total wins. Totals are
//! exact big integers because a chain of `*` cells soon outgrows 64 bits.
//!
//! Boards are generated from a seed ([`generate_board`]) so that a stored game replays exactly.

use super::{IllegalMove, Outcome, ParseMoveError, Side, TurnGame};
use num_bigint::BigInt;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::cmp::Ordering;
use std::fmt;
use std::str::FromStr;

/// The smallest board side the rules allow.
pub const MIN_SIDE: u32 = 4;
/// The largest board side this implementation accepts (the settings cap contests lower).
pub const MAX_SIDE: u32 = 200;

/// One cell's operation on the running total of the player who steps on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Op {
    /// `+k`
    Add(u32),
    /// `-k` (k ≥ 1: `-0` is not a cell of the game)
    Sub(u32),
    /// `*k`; `*0` resets the total to 0.
    Mul(u32),
    /// `/k` (k ≥ 1), truncating toward zero.
    Div(u32),
}

impl Op {
    /// The new total after stepping on this cell.
    pub fn apply(self, total: &BigInt) -> BigInt {
        match self {
            Op::Add(k) => total + k,
            Op::Sub(k) => total - k,
            Op::Mul(k) => total * k,
            // BigInt division truncates toward zero, as the spec asks (-7 / 2 = -3).
            Op::Div(k) => total / k,
        }
    }
}

impl fmt::Display for Op {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Op::Add(k) => write!(f, "+{k}"),
            Op::Sub(k) => write!(f, "-{k}"),
            Op::Mul(k) => write!(f, "*{k}"),
            Op::Div(k) => write!(f, "/{k}"),
        }
    }
}

/// A cell text that is not one of `+k`, `-k`, `*k`, `/k`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("bad cell `{text}`: {why}")]
pub struct ParseOpError {
    pub text: String,
    pub why: &'static str,
}

impl FromStr for Op {
    type Err = ParseOpError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let err = |why| ParseOpError { text: s.to_string(), why };
        let mut chars = s.chars();
        let sign = chars.next().ok_or_else(|| err("empty cell"))?;
        let digits = chars.as_str();
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(err("expected an operator (+ - * /) followed by decimal digits"));
        }
        let k: u32 = digits.parse().map_err(|_| err("number too large"))?;
        match sign {
            '+' => Ok(Op::Add(k)),
            '-' if k == 0 => Err(err("`-0` is not a cell; use `+0`")),
            '-' => Ok(Op::Sub(k)),
            '*' => Ok(Op::Mul(k)),
            '/' if k == 0 => Err(err("division by zero")),
            '/' => Ok(Op::Div(k)),
            _ => Err(err("expected an operator (+ - * /) followed by decimal digits")),
        }
    }
}

/// A board that breaks the rules' shape (size, start cells, cell text).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BoardError {
    #[error("board {width}x{height} is outside {MIN_SIDE}..={MAX_SIDE} on a side")]
    Size { width: u32, height: u32 },
    #[error("board has {got} cells, expected {expected}")]
    CellCount { expected: usize, got: usize },
    #[error("row {row} has {got} cells, expected {expected}")]
    RowLength { row: usize, expected: usize, got: usize },
    #[error("start cell ({x},{y}) holds `{op}`, but start cells must hold `+0`")]
    StartCell { x: u32, y: u32, op: Op },
    #[error("row {row}: {source}")]
    Cell { row: usize, source: ParseOpError },
}

/// A board: W columns x H rows of operations; (0,0) is the top-left cell, x the column.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    pub width: u32,
    pub height: u32,
    /// Row-major: index `y * width + x`.
    cells: Vec<Op>,
}

impl Board {
    /// A board from its cells in row-major order, checked for size and `+0` start cells (it need
    /// not be symmetric: hand-made fixtures such as the source's worked example are not).
    pub fn new(width: u32, height: u32, cells: Vec<Op>) -> Result<Board, BoardError> {
        if !(MIN_SIDE..=MAX_SIDE).contains(&width) || !(MIN_SIDE..=MAX_SIDE).contains(&height) {
            return Err(BoardError::Size { width, height });
        }
        let expected = (width * height) as usize;
        if cells.len() != expected {
            return Err(BoardError::CellCount { expected, got: cells.len() });
        }
        let board = Board { width, height, cells };
        for (x, y) in [(0, 0), (width - 1, height - 1)] {
            let op = board.cell(x, y);
            if op != Op::Add(0) {
                return Err(BoardError::StartCell { x, y, op });
            }
        }
        Ok(board)
    }

    /// A board from the `BOARD` message's H lines of W space-separated cells.
    pub fn parse_rows<S: AsRef<str>>(width: u32, height: u32, rows: &[S]) -> Result<Board, BoardError> {
        if !(MIN_SIDE..=MAX_SIDE).contains(&width) || !(MIN_SIDE..=MAX_SIDE).contains(&height) {
            return Err(BoardError::Size { width, height });
        }
        if rows.len() != height as usize {
            return Err(BoardError::CellCount {
                expected: (width * height) as usize,
                got: rows.len() * width as usize,
            });
        }
        let mut cells = Vec::with_capacity((width * height) as usize);
        for (row, line) in rows.iter().enumerate() {
            let before = cells.len();
            for text in line.as_ref().split_ascii_whitespace() {
                cells.push(text.parse().map_err(|source| BoardError::Cell { row, source })?);
            }
            let got = cells.len() - before;
            if got != width as usize {
                return Err(BoardError::RowLength { row, expected: width as usize, got });
            }
        }
        Board::new(width, height, cells)
    }

    /// The operation at column `x`, row `y`. Panics off the board.
    pub fn cell(&self, x: u32, y: u32) -> Op {
        assert!(
            x < self.width && y < self.height,
            "cell ({x},{y}) is off the {}x{} board",
            self.width,
            self.height
        );
        self.cells[(y * self.width + x) as usize]
    }

    /// H rows of W cell texts: the `boards` parameter of a game and the lines of `BOARD`.
    pub fn rows_text(&self) -> Vec<Vec<String>> {
        self.cells.chunks(self.width as usize).map(|row| row.iter().map(Op::to_string).collect()).collect()
    }

    fn index(&self, x: u32, y: u32) -> usize {
        (y * self.width + x) as usize
    }
}

/// The largest multiplier a generated board of this size holds: `*2` on small boards, then `*3`
/// and `*4` from 64 cells (8x8) up and `*5` from 400 cells (20x20) up, so that bigger boards
/// have bigger swings, as the spec asks.
pub fn max_multiplier(width: u32, height: u32) -> u32 {
    match width * height {
        0..=63 => 2,
        64..=399 => 4,
        _ => 5,
    }
}

/// Generates the board of a game from its seed (ChaCha8, so the same seed gives the same board on
/// every machine and version of this crate).
///
/// The board is point-symmetric through its centre (cell (x,y) equals cell (W-1-x,H-1-y)), so both
/// players face the same cells; both start cells are `+0`; every board holds at least one `+k`,
/// `-k`, `*0`, `*2` and `/2`, and each multiplier from `*3` up to [`max_multiplier`]. Other cells are
/// `+1..+9` (rarely `+0`), `-1..-9`, `*0..*max` and `/2../max`; `/0` never appears.
///
/// Panics when a side is outside [`MIN_SIDE`]..=[`MAX_SIDE`] (settings validate sizes first).
pub fn generate_board(width: u32, height: u32, seed: u64) -> Board {
    assert!(
        (MIN_SIDE..=MAX_SIDE).contains(&width) && (MIN_SIDE..=MAX_SIDE).contains(&height),
        "mathtricks board {width}x{height} is outside {MIN_SIDE}..={MAX_SIDE} on a side"
    );
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let n = (width * height) as usize;
    // Indices 0..half are generated and mirrored onto n-1-i; for an odd cell count the centre
    // (index half) is its own mirror. Index 0 is player 1's start, mirrored onto player 2's.
    let half = n / 2;
    let max_mul = max_multiplier(width, height);
    let mut cells = vec![Op::Add(0); n];

    let mut required = vec![
        Op::Add(rng.gen_range(1..=9)),
        Op::Sub(rng.gen_range(1..=9)),
        Op::Mul(0),
        Op::Mul(2),
        Op::Div(2),
    ];
    required.extend((3..=max_mul).map(Op::Mul));
    let mut slots: Vec<usize> = (1..half).collect();
    slots.shuffle(&mut rng);
    debug_assert!(slots.len() >= required.len(), "a 4x4 board has 7 free slots for at most 5 required cells");
    for (&slot, &op) in slots.iter().zip(&required) {
        cells[slot] = op;
    }
    for &slot in &slots[required.len().min(slots.len())..] {
        cells[slot] = random_op(&mut rng, max_mul);
    }
    if n % 2 == 1 {
        cells[half] = random_op(&mut rng, max_mul);
    }
    for i in 0..half {
        cells[n - 1 - i] = cells[i];
    }
    Board { width, height, cells }
}

/// One free cell: mostly additions and subtractions, with rarer multiplications and divisions.
fn random_op(rng: &mut ChaCha8Rng, max_mul: u32) -> Op {
    match rng.gen_range(0..100) {
        0..=41 => Op::Add(rng.gen_range(1..=9)),
        42..=44 => Op::Add(0),
        45..=74 => Op::Sub(rng.gen_range(1..=9)),
        75..=86 => {
            if rng.gen_range(0..6) == 0 {
                Op::Mul(0)
            } else {
                Op::Mul(rng.gen_range(2..=max_mul))
            }
        }
        _ => Op::Div(if rng.gen_range(0..3) == 0 { rng.gen_range(2..=max_mul.max(3)) } else { 2 }),
    }
}

/// A move: the cell the mover steps to, text `"x y"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Cell {
    pub x: u32,
    pub y: u32,
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.x, self.y)
    }
}

impl FromStr for Cell {
    type Err = ParseMoveError;
    /// Exactly two decimal numbers separated by one space (`"3 4"`).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let bad = || ParseMoveError(format!("expected `<x> <y>` (two numbers and one space), got `{s}`"));
        let (x, y) = s.split_once(' ').ok_or_else(bad)?;
        let num = |t: &str| -> Result<u32, ParseMoveError> {
            if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
                return Err(bad());
            }
            t.parse().map_err(|_| ParseMoveError(format!("coordinate `{t}` is too large")))
        };
        Ok(Cell { x: num(x)?, y: num(y)? })
    }
}

/// The 8 neighbour offsets, in the order `legal_moves` lists them.
const NEIGHBOURS: [(i32, i32); 8] = [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)];

/// A game in progress: the board, which cells were ever visited, both pawns and both totals.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mathtricks {
    board: Board,
    visited: Vec<bool>,
    pawns: [Cell; 2],
    totals: [BigInt; 2],
    turn: Side,
    plies: u32,
}

impl Mathtricks {
    /// The start of a game: pawns on (0,0) and (W-1,H-1), both visited, totals 0, player 1 to move.
    pub fn new(board: Board) -> Mathtricks {
        let mut visited = vec![false; board.cells.len()];
        let pawns = [Cell { x: 0, y: 0 }, Cell { x: board.width - 1, y: board.height - 1 }];
        for p in pawns {
            visited[board.index(p.x, p.y)] = true;
        }
        Mathtricks {
            board,
            visited,
            pawns,
            totals: [BigInt::from(0), BigInt::from(0)],
            turn: Side::First,
            plies: 0,
        }
    }

    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The running totals, player 1 first.
    pub fn totals(&self) -> &[BigInt; 2] {
        &self.totals
    }

    /// Where a side's pawn stands.
    pub fn pawn(&self, side: Side) -> Cell {
        self.pawns[side.index()]
    }

    /// Whether any pawn has ever stood on the cell. Panics off the board.
    pub fn is_visited(&self, x: u32, y: u32) -> bool {
        self.visited[self.board.index(x, y)]
    }

    /// Moves played so far (both sides).
    pub fn plies(&self) -> u32 {
        self.plies
    }

    /// The unvisited on-board neighbours of `from`, in a fixed order.
    fn free_neighbours(&self, from: Cell) -> impl Iterator<Item = Cell> + '_ {
        let (w, h) = (self.board.width as i32, self.board.height as i32);
        NEIGHBOURS.iter().filter_map(move |&(dx, dy)| {
            let (x, y) = (from.x as i32 + dx, from.y as i32 + dy);
            if x < 0 || y < 0 || x >= w || y >= h {
                return None;
            }
            let c = Cell { x: x as u32, y: y as u32 };
            (!self.visited[self.board.index(c.x, c.y)]).then_some(c)
        })
    }

    fn can_move(&self) -> bool {
        self.free_neighbours(self.pawns[self.turn.index()]).next().is_some()
    }

    /// Plays a move known to be legal (house-bot search); `play` checks first.
    pub fn play_unchecked(&mut self, mv: Cell) {
        let side = self.turn.index();
        let idx = self.board.index(mv.x, mv.y);
        self.visited[idx] = true;
        self.pawns[side] = mv;
        self.totals[side] = self.board.cells[idx].apply(&self.totals[side]);
        self.turn = self.turn.other();
        self.plies += 1;
    }

    /// Takes back the last move, given what it replaced (house-bot search, to avoid cloning).
    pub fn undo_unchecked(&mut self, mv: Cell, previous_pawn: Cell, previous_total: BigInt) {
        self.turn = self.turn.other();
        let side = self.turn.index();
        let idx = self.board.index(mv.x, mv.y);
        self.visited[idx] = false;
        self.pawns[side] = previous_pawn;
        self.totals[side] = previous_total;
        self.plies -= 1;
    }
}

/// The rule a move breaks ([`Mathtricks::refusal`]): its `Display` is the English reason an
/// illegal move is reported with; the web names each in the reader's language.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The cell is outside the `width` x `height` board.
    OffBoard { cell: Cell, width: u32, height: u32 },
    /// The side to move is stuck: the game is over.
    Over(Cell),
    /// The cell is not one of the 8 neighbours of the mover's pawn on `from`.
    NotNeighbour { cell: Cell, from: Cell },
    /// A pawn has stood on the cell already.
    Visited(Cell),
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Refusal::OffBoard { cell, width, height } => {
                write!(f, "cell {cell} is off the {width}x{height} board")
            }
            Refusal::Over(cell) => write!(f, "the game is over; no move is possible ({cell})"),
            Refusal::NotNeighbour { cell, from } => {
                write!(f, "cell {cell} is not a neighbour of the pawn on {from}")
            }
            Refusal::Visited(cell) => write!(f, "cell {cell} has already been visited"),
        }
    }
}

impl Mathtricks {
    /// The rule `mv` breaks in this position, if any.
    pub fn refusal(&self, mv: &Cell) -> Option<Refusal> {
        let (width, height) = (self.board.width, self.board.height);
        if mv.x >= width || mv.y >= height {
            return Some(Refusal::OffBoard { cell: *mv, width, height });
        }
        if !self.can_move() {
            return Some(Refusal::Over(*mv));
        }
        let from = self.pawns[self.turn.index()];
        if mv.x.abs_diff(from.x) > 1 || mv.y.abs_diff(from.y) > 1 || *mv == from {
            return Some(Refusal::NotNeighbour { cell: *mv, from });
        }
        if self.visited[self.board.index(mv.x, mv.y)] {
            return Some(Refusal::Visited(*mv));
        }
        None
    }
}

impl TurnGame for Mathtricks {
    type Move = Cell;

    fn turn(&self) -> Side {
        self.turn
    }

    fn legal_moves(&self) -> Vec<Cell> {
        self.free_neighbours(self.pawns[self.turn.index()]).collect()
    }

    fn play(&mut self, mv: &Cell) -> Result<(), IllegalMove> {
        if let Some(refusal) = self.refusal(mv) {
            return Err(IllegalMove(refusal.to_string()));
        }
        self.play_unchecked(*mv);
        Ok(())
    }

    fn outcome(&self) -> Option<Outcome> {
        if self.can_move() {
            return None;
        }
        let [a, b] = &self.totals;
        let winner = match a.cmp(b) {
            Ordering::Greater => Some(Side::First),
            Ordering::Less => Some(Side::Second),
            Ordering::Equal => None,
        };
        Some(Outcome {
            winner,
            reason: crate::OutcomeReason::NoMoves,
            score: Some([a.to_string(), b.to_string()]),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn board(rows: &[&str]) -> Board {
        let h = rows.len() as u32;
        let w = rows[0].split_ascii_whitespace().count() as u32;
        Board::parse_rows(w, h, rows).unwrap()
    }

    fn play_all(game: &mut Mathtricks, moves: &[(u32, u32)]) {
        for &(x, y) in moves {
            game.play(&Cell { x, y }).unwrap_or_else(|e| panic!("{x} {y}: {e}"));
        }
    }

    /// The source's worked example (5 wide, 8 high), with `x` written `*` and bare numbers `+`.
    fn source_example() -> Board {
        board(&[
            "+0 +3 -4 +5 +4",
            "*2 +1 *2 -2 +0",
            "+4 -5 +4 +0 -4",
            "+6 /2 +1 +2 *2",
            "/2 +4 +4 +3 +5",
            "*2 +1 -4 *2 +1",
            "-4 +1 *2 +3 -3",
            "+4 +5 /2 +1 +0",
        ])
    }

    #[test]
    fn the_source_examples_first_moves_give_its_totals() {
        let mut g = Mathtricks::new(source_example());
        play_all(&mut g, &[(1, 0), (3, 7), (0, 1), (2, 6), (0, 2)]);
        assert_eq!(g.totals(), &[BigInt::from(10), BigInt::from(2)]);
        assert_eq!(g.turn(), Side::Second);
    }

    #[test]
    fn ops_parse_and_print_in_the_protocol_form() {
        for text in ["+3", "-4", "*0", "*2", "/2", "+0", "+12"] {
            assert_eq!(text.parse::<Op>().unwrap().to_string(), text);
        }
        for bad in ["", "3", "x2", "/0", "-0", "+", "+-3", "+ 3", "*99999999999"] {
            assert!(bad.parse::<Op>().is_err(), "{bad:?} should not parse");
        }
    }

    #[test]
    fn division_truncates_toward_zero_for_negative_totals() {
        assert_eq!(Op::Div(2).apply(&BigInt::from(-7)), BigInt::from(-3));
        assert_eq!(Op::Div(2).apply(&BigInt::from(7)), BigInt::from(3));
        assert_eq!(Op::Div(3).apply(&BigInt::from(-1)), BigInt::from(0));
        let mut g = Mathtricks::new(board(&["+0 -7 +1 +1", "/2 +1 +1 +1", "+1 +1 +1 +1", "+1 +1 +1 +0"]));
        play_all(&mut g, &[(1, 0), (3, 2), (0, 1)]);
        assert_eq!(g.totals()[0], BigInt::from(-3));
    }

    #[test]
    fn times_zero_resets_the_total() {
        let mut g = Mathtricks::new(board(&["+0 +9 *0 +1", "+1 +1 +1 +1", "+1 +1 +1 +1", "+1 +1 +1 +0"]));
        play_all(&mut g, &[(1, 0), (2, 3), (2, 0)]);
        assert_eq!(g.totals()[0], BigInt::from(0));
    }

    #[test]
    fn totals_grow_beyond_64_bits_exactly() {
        // A 40x4 board: player 1 walks row 0 after a +9, multiplying by 4 at every step.
        let w = 40;
        let mut rows = vec![vec!["*4".to_string(); w]; 4];
        rows[0][0] = "+0".into();
        rows[0][1] = "+9".into();
        rows[3][w - 1] = "+0".into();
        let rows: Vec<String> = rows.iter().map(|r| r.join(" ")).collect();
        let mut g = Mathtricks::new(Board::parse_rows(w as u32, 4, &rows).unwrap());
        for x in 1..w as u32 {
            g.play(&Cell { x, y: 0 }).unwrap();
            // Player 2 keeps to the bottom row, out of player 1's way.
            let p2 = g.legal_moves().into_iter().max_by_key(|c| (c.y, u32::MAX - c.x)).unwrap();
            g.play(&p2).unwrap();
        }
        let expected = BigInt::from(9) * BigInt::from(4).pow(38);
        assert_eq!(g.totals()[0], expected);
        assert!(g.totals()[0] > BigInt::from(u64::MAX));
        assert_eq!(g.totals()[0].to_string(), "680020773533228910772224");
    }

    #[test]
    fn a_trapped_player_with_the_higher_total_wins() {
        // Player 1 takes +9 and +9 into the corner pocket, then is walled in by visited cells.
        let mut g = Mathtricks::new(board(&["+0 +9 +1 +1", "+9 -1 +1 +1", "+1 +1 -1 -1", "+1 +1 -1 +0"]));
        // P1 (0,0)->(1,0) +9; P2 (3,3)->(2,2) -1; P1 (1,0)->(0,1) +9; P2 (2,2)->(1,1) -2 total.
        play_all(&mut g, &[(1, 0), (2, 2), (0, 1), (1, 1)]);
        // Both walk down the left columns until player 1 is walled in on (0,3).
        play_all(&mut g, &[(0, 2), (1, 2), (0, 3), (1, 3)]);
        assert!(g.legal_moves().is_empty(), "player 1 is trapped");
        let o = g.outcome().expect("game over");
        assert_eq!(g.turn(), Side::First);
        assert_eq!(o.winner, Some(Side::First), "trapped, but ahead: {:?}", g.totals());
        assert_eq!(o.reason, crate::OutcomeReason::NoMoves);
        assert_eq!(o.score, Some(["20".to_string(), "0".to_string()]));
    }

    #[test]
    fn equal_totals_are_a_draw() {
        // On a symmetric board, player 2 mirroring player 1 always has the mirrored cell free and
        // keeps the totals equal; player 1 is the one who ends up stuck.
        let mut g = Mathtricks::new(generate_board(6, 6, 9));
        while let Some(&mv) = g.legal_moves().first() {
            g.play(&mv).unwrap();
            g.play(&Cell { x: 5 - mv.x, y: 5 - mv.y }).unwrap();
        }
        assert_eq!(g.totals()[0], g.totals()[1]);
        assert_eq!(g.outcome().unwrap().winner, None);
    }

    #[test]
    fn illegal_moves_are_refused_with_the_rule_they_break() {
        let mut g = Mathtricks::new(generate_board(8, 8, 1));
        let err = |g: &mut Mathtricks, x, y| g.play(&Cell { x, y }).unwrap_err().0;
        assert!(err(&mut g, 8, 0).contains("off the 8x8 board"));
        assert!(err(&mut g, 2, 2).contains("not a neighbour"));
        assert!(err(&mut g, 0, 0).contains("not a neighbour"));
        g.play(&Cell { x: 1, y: 1 }).unwrap();
        g.play(&Cell { x: 6, y: 6 }).unwrap();
        assert!(err(&mut g, 0, 0).contains("already been visited"));
        let before = g.clone();
        let _ = err(&mut g, 5, 5);
        assert_eq!(g, before, "a refused move leaves the state unchanged");
    }

    #[test]
    fn moves_parse_strictly() {
        assert_eq!("3 4".parse::<Cell>().unwrap(), Cell { x: 3, y: 4 });
        for bad in ["3", "3  4", " 3 4", "3 4 ", "-1 2", "+1 2", "a b", "", "3,4", "1 2 3"] {
            assert!(bad.parse::<Cell>().is_err(), "{bad:?} should not parse");
        }
    }

    #[test]
    fn boards_with_bad_shapes_are_refused() {
        assert!(matches!(Board::new(3, 4, vec![Op::Add(0); 12]), Err(BoardError::Size { .. })));
        assert!(matches!(Board::new(4, 4, vec![Op::Add(0); 15]), Err(BoardError::CellCount { .. })));
        let mut cells = vec![Op::Add(1); 16];
        cells[0] = Op::Add(0);
        assert!(matches!(Board::new(4, 4, cells), Err(BoardError::StartCell { x: 3, y: 3, .. })));
        let rows = ["+0 +1 +1", "+1 +1 +1 +1", "+1 +1 +1 +1", "+1 +1 +1 +0"];
        assert!(matches!(Board::parse_rows(4, 4, &rows), Err(BoardError::RowLength { row: 0, .. })));
        let rows = ["+0 +1 +1 /0", "+1 +1 +1 +1", "+1 +1 +1 +1", "+1 +1 +1 +0"];
        assert!(matches!(Board::parse_rows(4, 4, &rows), Err(BoardError::Cell { row: 0, .. })));
    }

    #[test]
    fn rows_text_round_trips_through_parse_rows() {
        let b = generate_board(9, 5, 77);
        let lines: Vec<String> = b.rows_text().iter().map(|r| r.join(" ")).collect();
        assert_eq!(lines.len(), 5);
        assert_eq!(Board::parse_rows(9, 5, &lines).unwrap(), b);
    }

    /// Every requirement of the spec's "Board generation" section, on one board.
    fn check_generated(b: &Board) {
        let (w, h) = (b.width, b.height);
        let has = |want: &dyn Fn(Op) -> bool| (0..h).any(|y| (0..w).any(|x| want(b.cell(x, y))));
        assert!(has(&|o| matches!(o, Op::Add(_))), "a `+` cell");
        assert!(has(&|o| matches!(o, Op::Sub(_))), "a `-` cell");
        assert!(has(&|o| o == Op::Mul(0)), "a `*0` cell");
        assert!(has(&|o| o == Op::Mul(2)), "a `*2` cell");
        assert!(has(&|o| o == Op::Div(2)), "a `/2` cell");
        for k in 3..=max_multiplier(w, h) {
            assert!(has(&|o| o == Op::Mul(k)), "a `*{k}` cell on {w}x{h}");
        }
        if w >= 8 && h >= 8 {
            assert!(has(&|o| o == Op::Mul(3)) && has(&|o| o == Op::Mul(4)), "*3 and *4 from 8x8 up");
        }
        assert_eq!(b.cell(0, 0), Op::Add(0));
        assert_eq!(b.cell(w - 1, h - 1), Op::Add(0));
        let max = max_multiplier(w, h);
        for y in 0..h {
            for x in 0..w {
                let op = b.cell(x, y);
                assert_eq!(op, b.cell(w - 1 - x, h - 1 - y), "symmetry at ({x},{y}) on {w}x{h}");
                match op {
                    Op::Add(k) | Op::Sub(k) => assert!(k <= 9, "{op} in range"),
                    Op::Mul(k) => assert!(k <= max, "{op} at most *{max}"),
                    Op::Div(k) => assert!((2..=max.max(3)).contains(&k), "{op} in range, never /0"),
                }
                assert_ne!(op, Op::Sub(0));
            }
        }
    }

    #[test]
    fn generated_boards_meet_every_spec_requirement_over_many_seeds_and_sizes() {
        let mut sizes =
            vec![(4, 4), (4, 5), (5, 4), (5, 5), (7, 7), (8, 8), (9, 9), (4, 40), (40, 4), (12, 7)];
        sizes.extend([(15, 15), (20, 20), (21, 19), (31, 33), (40, 40), (6, 11)]);
        for (w, h) in sizes {
            for seed in 0..60 {
                check_generated(&generate_board(w, h, seed));
            }
        }
    }

    #[test]
    fn odd_boards_keep_the_centre_cell_on_its_own_mirror() {
        let b = generate_board(5, 5, 3);
        assert_eq!(b.cell(2, 2), b.cell(5 - 1 - 2, 5 - 1 - 2));
        check_generated(&b);
    }

    #[test]
    fn generation_is_deterministic_and_depends_on_the_seed() {
        assert_eq!(generate_board(8, 8, 42), generate_board(8, 8, 42));
        assert_ne!(generate_board(8, 8, 42), generate_board(8, 8, 43));
    }

    #[test]
    fn larger_boards_have_larger_multipliers() {
        assert_eq!(max_multiplier(4, 4), 2);
        assert_eq!(max_multiplier(8, 8), 4);
        assert_eq!(max_multiplier(40, 40), 5);
    }

    /// Plays random legal moves chosen by `picks` until the game ends, returning the moves.
    fn playout(game: &mut Mathtricks, picks: &[usize]) -> Vec<Cell> {
        let mut played = Vec::new();
        let mut i = 0;
        loop {
            let moves = game.legal_moves();
            if moves.is_empty() {
                return played;
            }
            let mv = moves[picks[i % picks.len()] % moves.len()];
            i += 1;
            game.play(&mv).expect("every generated move is legal");
            played.push(mv);
        }
    }

    proptest! {
        #[test]
        fn generated_boards_meet_the_spec(w in 4u32..=40, h in 4u32..=40, seed in any::<u64>()) {
            check_generated(&generate_board(w, h, seed));
            prop_assert_eq!(generate_board(w, h, seed), generate_board(w, h, seed));
        }

        #[test]
        fn random_playouts_accept_every_generated_move_end_and_replay_identically(
            w in 4u32..=12, h in 4u32..=12, seed in any::<u64>(),
            picks in proptest::collection::vec(0usize..8, 1..20),
        ) {
            let mut game = Mathtricks::new(generate_board(w, h, seed));
            let moves = playout(&mut game, &picks);
            prop_assert!(moves.len() <= (w * h) as usize - 2, "playouts end");
            let outcome = game.outcome();
            prop_assert!(outcome.is_some());
            let mut replay = Mathtricks::new(generate_board(w, h, seed));
            for mv in &moves {
                let text = mv.to_string();
                replay.play(&text.parse().unwrap()).unwrap();
            }
            prop_assert_eq!(&replay, &game);
            prop_assert_eq!(replay.outcome(), outcome);
        }

        #[test]
        fn every_move_legal_moves_lists_is_accepted_and_no_other_neighbour_is(
            seed in any::<u64>(), picks in proptest::collection::vec(0usize..8, 1..10),
        ) {
            let mut game = Mathtricks::new(generate_board(6, 6, seed));
            for &p in &picks {
                let legal = game.legal_moves();
                for x in 0..6 {
                    for y in 0..6 {
                        let c = Cell { x, y };
                        let ok = game.clone().play(&c).is_ok();
                        prop_assert_eq!(ok, legal.contains(&c), "cell {}", c);
                    }
                }
                if legal.is_empty() { break; }
                game.play(&legal[p % legal.len()]).unwrap();
            }
        }

        #[test]
        fn undo_restores_the_exact_state(seed in any::<u64>(), picks in proptest::collection::vec(0usize..8, 1..30)) {
            let mut game = Mathtricks::new(generate_board(8, 8, seed));
            for &p in &picks {
                let legal = game.legal_moves();
                if legal.is_empty() { break; }
                let mv = legal[p % legal.len()];
                let before = game.clone();
                let side = game.turn();
                let (pawn, total) = (game.pawn(side), game.totals()[side.index()].clone());
                game.play_unchecked(mv);
                game.undo_unchecked(mv, pawn, total);
                prop_assert_eq!(&game, &before);
                game.play(&mv).unwrap();
            }
        }
    }
}
