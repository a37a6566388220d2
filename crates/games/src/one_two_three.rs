//! Rules of "1-2-3" (`one-two-three`, see `docs/games/one-two-three.md`): players A and B
//! take turns placing straight pieces of 1 to 3 adjacent cells on an M x N board; a piece may
//! cover free cells and the mover's own, never the opponent's. When the board is full, more
//! cells wins.
//!
//! Bots answer with the whole new board, so a move is a [`Grid`]: `play` finds the cells that
//! changed and checks that one legal piece explains them. [`Fill`] is the same move seen as the
//! free cells it fills, which is how `legal_moves` enumerates moves and how house bots search.
//! The module also holds the bot-side input check ([`parse_position`], [`read_position`]): the
//! spec asks every bot to answer `error` to a malformed position, and the house bot uses it.

use super::{IllegalMove, Outcome, ParseMoveError, Side, TurnGame};
use serde::{Deserialize, Serialize};
use std::fmt;
use std::io::{BufRead, Read};
use std::str::FromStr;

/// Smallest and largest board side the spec allows.
pub const MIN_SIDE: u32 = 3;
pub const MAX_SIDE: u32 = 20;

/// The spec's letter for a cell: `A` (first), `B` (second) or `-` (free).
pub fn letter(cell: Option<Side>) -> char {
    match cell {
        Some(Side::First) => 'A',
        Some(Side::Second) => 'B',
        None => '-',
    }
}

fn cell_of(c: char) -> Option<Option<Side>> {
    match c {
        'A' => Some(Some(Side::First)),
        'B' => Some(Some(Side::Second)),
        '-' => Some(None),
        _ => None,
    }
}

/// A board: `rows` lines of `cols` cells, as bots print it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Grid {
    cols: u32,
    rows: u32,
    /// Row-major from the top line: `cells[row * cols + col]`.
    cells: Vec<Option<Side>>,
}

impl Grid {
    /// A board with every cell free.
    pub fn empty(cols: u32, rows: u32) -> Grid {
        Grid { cols, rows, cells: vec![None; (cols * rows) as usize] }
    }

    pub fn cols(&self) -> u32 {
        self.cols
    }

    pub fn rows(&self) -> u32 {
        self.rows
    }

    /// The board's lines, top first, without line ends.
    pub fn lines(&self) -> Vec<String> {
        self.cells.chunks(self.cols as usize).map(|row| row.iter().map(|&c| letter(c)).collect()).collect()
    }

    /// The cell at `row` (from the top) and `col` (from the left).
    pub fn get(&self, row: u32, col: u32) -> Option<Side> {
        self.cells[(row * self.cols + col) as usize]
    }

    /// The cell with index `row * cols + col`, the numbering [`Fill`] uses.
    pub fn at(&self, index: usize) -> Option<Side> {
        self.cells[index]
    }

    /// Cells holding `side`'s letter.
    pub fn count(&self, side: Side) -> u32 {
        self.cells.iter().filter(|&&c| c == Some(side)).count() as u32
    }

    /// Free cells left.
    pub fn free(&self) -> u32 {
        self.cells.iter().filter(|c| c.is_none()).count() as u32
    }

    pub fn is_full(&self) -> bool {
        self.cells.iter().all(|c| c.is_some())
    }

    /// Gives `side` the free cells of `fill`.
    pub fn apply(&mut self, fill: &Fill, side: Side) {
        for &i in fill.cells() {
            debug_assert!(self.cells[i as usize].is_none(), "a fill covers free cells only");
            self.cells[i as usize] = Some(side);
        }
    }

    /// Frees the cells of `fill` again (house bots' search undoes moves this way).
    pub fn undo(&mut self, fill: &Fill) {
        for &i in fill.cells() {
            self.cells[i as usize] = None;
        }
    }

    /// Every distinct move of `side`, as the set of free cells it fills. A piece covering own
    /// cells fills the same cells as a shorter one, so each set is listed once: a single free
    /// cell, two adjacent free cells, or the two ends of a line of three whose middle is free
    /// (all three filled) or `side`'s own (the ends filled).
    pub fn fills(&self, side: Side) -> Vec<Fill> {
        let (rows, cols) = (self.rows as i64, self.cols as i64);
        let mut out = Vec::new();
        let free = |r: i64, c: i64| {
            r >= 0 && c >= 0 && r < rows && c < cols && self.cells[(r * cols + c) as usize].is_none()
        };
        let idx = |r: i64, c: i64| (r * cols + c) as u32;
        for r in 0..rows {
            for c in 0..cols {
                if !free(r, c) {
                    continue;
                }
                out.push(Fill::new(&[idx(r, c)]));
                for (dr, dc) in DIRECTIONS {
                    let (r1, c1, r2, c2) = (r + dr, c + dc, r + 2 * dr, c + 2 * dc);
                    if free(r1, c1) {
                        out.push(Fill::new(&[idx(r, c), idx(r1, c1)]));
                    }
                    if free(r2, c2) {
                        if free(r1, c1) {
                            out.push(Fill::new(&[idx(r, c), idx(r1, c1), idx(r2, c2)]));
                        } else if self.cells[idx(r1, c1) as usize] == Some(side) {
                            out.push(Fill::new(&[idx(r, c), idx(r2, c2)]));
                        }
                    }
                }
            }
        }
        out
    }

    /// Where cell `index` is, counted from 1 at the top left, for messages.
    fn spot(&self, index: usize) -> Spot {
        let cols = self.cols as usize;
        Spot { row: (index / cols + 1) as u32, col: (index % cols + 1) as u32 }
    }
}

/// Line directions as (row step, column step); each step increases the cell index.
const DIRECTIONS: [(i64, i64); 4] = [(0, 1), (1, 0), (1, 1), (1, -1)];

impl FromStr for Grid {
    type Err = ParseMoveError;

    /// Lines joined with `\n`; a `\r` ending a line is dropped and trailing blank lines are
    /// ignored. Every line must have the same length and only `A`, `B` and `-`.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut lines: Vec<&str> = s.split('\n').map(|l| l.strip_suffix('\r').unwrap_or(l)).collect();
        while lines.last().is_some_and(|l| l.is_empty()) {
            lines.pop();
        }
        if lines.is_empty() {
            return Err(ParseMoveError("expected a board, got nothing".into()));
        }
        let cols = lines[0].chars().count();
        let mut cells = Vec::with_capacity(cols * lines.len());
        for (i, line) in lines.iter().enumerate() {
            for ch in line.chars() {
                let cell = cell_of(ch).ok_or_else(|| {
                    ParseMoveError(format!(
                        "board line {} has the character {:?}; only A, B and - are allowed",
                        i + 1,
                        ch
                    ))
                })?;
                cells.push(cell);
            }
            let len = line.chars().count();
            if len != cols {
                return Err(ParseMoveError(format!(
                    "board line {} has {len} characters but line 1 has {cols}",
                    i + 1
                )));
            }
        }
        Ok(Grid { cols: cols as u32, rows: lines.len() as u32, cells })
    }
}

impl fmt::Display for Grid {
    /// The lines joined with `\n`, no final line end.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.lines().join("\n"))
    }
}

/// One move seen as the free cells it fills: 1 to 3 cell indices (`row * cols + col`),
/// ascending.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Fill {
    cells: [u32; 3],
    len: u8,
}

impl Fill {
    fn new(cells: &[u32]) -> Fill {
        let mut c = [0; 3];
        c[..cells.len()].copy_from_slice(cells);
        Fill { cells: c, len: cells.len() as u8 }
    }

    pub fn cells(&self) -> &[u32] {
        &self.cells[..self.len as usize]
    }

    /// How many cells the move gains.
    pub fn size(&self) -> u32 {
        self.len as u32
    }
}

/// A game of 1-2-3 in progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OneTwoThree {
    grid: Grid,
    turn: Side,
}

impl OneTwoThree {
    /// An empty board of `cols` x `rows`, A (`First`) to move. The settings keep the sides in
    /// 3..=20; zero sides are a programming error and panic.
    pub fn new(cols: u32, rows: u32) -> OneTwoThree {
        assert!(cols > 0 && rows > 0, "one-two-three needs a non-empty board");
        OneTwoThree { grid: Grid::empty(cols, rows), turn: Side::First }
    }

    /// The position a bot is given: any board and the side to move (the house bot starts here).
    pub fn from_position(grid: Grid, turn: Side) -> OneTwoThree {
        OneTwoThree { grid, turn }
    }

    pub fn grid(&self) -> &Grid {
        &self.grid
    }

    /// The legal moves as the cells they fill (empty once the board is full).
    pub fn fills(&self) -> Vec<Fill> {
        self.grid.fills(self.turn)
    }

    /// Plays a fill from [`OneTwoThree::fills`] without checking it.
    pub fn play_fill(&mut self, fill: &Fill) {
        self.grid.apply(fill, self.turn);
        self.turn = self.turn.other();
    }

    /// Checks a bot's new board against the current one and returns the cells it fills, or the
    /// rule it breaks.
    pub fn fill_of(&self, new: &Grid) -> Result<Fill, Refusal> {
        let old = &self.grid;
        if new.cols != old.cols || new.rows != old.rows {
            return Err(Refusal::WrongSize {
                cols: old.cols,
                rows: old.rows,
                answer_cols: new.cols,
                answer_rows: new.rows,
            });
        }
        if old.is_full() {
            return Err(Refusal::Over);
        }
        let me = self.turn;
        let mut changed = Vec::new();
        for (i, (&was, &now)) in old.cells.iter().zip(&new.cells).enumerate() {
            if was == now {
                continue;
            }
            let at = old.spot(i);
            match was {
                Some(s) if s != me => return Err(Refusal::OpponentsCell { at, mover: me }),
                Some(_) => return Err(Refusal::LetterRemoved { at, mover: me, now }),
                None if now != Some(me) => return Err(Refusal::WrongLetter { at, mover: me }),
                None => changed.push(i),
            }
        }
        let spots = || changed.iter().map(|&i| old.spot(i)).collect::<Vec<_>>();
        match changed.len() {
            0 => return Err(Refusal::Unchanged),
            1 => return Ok(Fill::new(&[changed[0] as u32])),
            2 | 3 => {}
            count => return Err(Refusal::TooMany(count)),
        }
        let cols = old.cols as i64;
        let pos = |i: usize| ((i as i64) / cols, (i as i64) % cols);
        let (first, last) = (pos(changed[0]), pos(*changed.last().expect("two or three cells")));
        let (dr, dc) = (last.0 - first.0, last.1 - first.1);
        let steps = dr.max(dc.abs());
        let straight = dr == 0 || dc == 0 || dr == dc.abs();
        let on_line = |i: usize| {
            let (r, c) = pos(i);
            (0..=steps).any(|k| (r, c) == (first.0 + k * dr / steps, first.1 + k * dc / steps))
        };
        if !straight || !changed.iter().all(|&i| on_line(i)) {
            return Err(Refusal::NotInLine(spots()));
        }
        if steps > 2 {
            return Err(Refusal::TooLong { cells: spots(), span: steps as usize + 1 });
        }
        // Two filled cells with one between them: the middle must already be the mover's.
        if changed.len() == 2 && steps == 2 {
            let middle = changed[0] + ((dr / 2) * cols + dc / 2) as usize;
            let (from, to, middle_at) = (old.spot(changed[0]), old.spot(changed[1]), old.spot(middle));
            match old.cells[middle] {
                Some(s) if s == me => {}
                Some(_) => return Err(Refusal::ThroughOpponent { from, to, middle: middle_at, mover: me }),
                None => return Err(Refusal::GapLeft { from, to, middle: middle_at }),
            }
        }
        let cells: Vec<u32> = changed.iter().map(|&i| i as u32).collect();
        Ok(Fill::new(&cells))
    }
}

/// A cell as messages name it: row and column counted from 1 at the top left.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Spot {
    pub row: u32,
    pub col: u32,
}

impl fmt::Display for Spot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "row {}, column {}", self.row, self.col)
    }
}

/// The rule a new board breaks ([`OneTwoThree::fill_of`]): its `Display` is the English reason
/// an illegal move is reported with; the web names each in the reader's language. `mover` is
/// the side whose move it is (letter A for the first, B for the second). It is stored as JSON
/// in a one-two-three validity report (`judge::validity`), so its serde form, a snake_case tag
/// with its fields, is kept stable.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Refusal {
    WrongSize {
        cols: u32,
        rows: u32,
        answer_cols: u32,
        answer_rows: u32,
    },
    /// The board is full: the game is over.
    Over,
    /// A cell of the opponent's letter was changed.
    OpponentsCell {
        at: Spot,
        mover: Side,
    },
    /// A cell of the mover's letter was changed (`now`: to what).
    LetterRemoved {
        at: Spot,
        mover: Side,
        now: Option<Side>,
    },
    /// A free cell was filled with the opponent's letter.
    WrongLetter {
        at: Spot,
        mover: Side,
    },
    Unchanged,
    /// More than 3 cells were filled.
    TooMany(usize),
    NotInLine(Vec<Spot>),
    /// The filled cells span `span` cells (more than 3).
    TooLong {
        cells: Vec<Spot>,
        span: usize,
    },
    /// The two ends of a piece of three around the opponent's letter.
    ThroughOpponent {
        from: Spot,
        to: Spot,
        middle: Spot,
        mover: Side,
    },
    /// Two cells with a free one between them.
    GapLeft {
        from: Spot,
        to: Spot,
        middle: Spot,
    },
}

/// Spots joined with "; " as the English messages list them.
fn joined(spots: &[Spot]) -> String {
    spots.iter().map(Spot::to_string).collect::<Vec<_>>().join("; ")
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mine = |mover: Side| letter(Some(mover));
        let theirs = |mover: Side| letter(Some(mover.other()));
        match self {
            Refusal::WrongSize { cols, rows, answer_cols, answer_rows } => write!(
                f,
                "the board is {cols} columns x {rows} rows but the answer has {answer_cols} columns x \
                 {answer_rows} rows"
            ),
            Refusal::Over => write!(f, "the game is already over (the board is full)"),
            Refusal::OpponentsCell { at, mover } => write!(
                f,
                "{at} holds the opponent's letter {}; a piece may cover only free cells and the mover's own",
                theirs(*mover)
            ),
            Refusal::LetterRemoved { at, mover, now } => write!(
                f,
                "{at} held {} and was changed to {}; a move never removes a letter",
                mine(*mover),
                letter(*now)
            ),
            Refusal::WrongLetter { at, mover } => {
                write!(f, "{at} was filled with {}, but it is {}'s move", theirs(*mover), mine(*mover))
            }
            Refusal::Unchanged => write!(f, "no free cell was filled: the board is unchanged"),
            Refusal::TooMany(n) => {
                write!(f, "{n} cells were filled; a piece is a straight line of at most 3 cells")
            }
            Refusal::NotInLine(cells) => write!(
                f,
                "the filled cells ({}) are not on one horizontal, vertical or diagonal line",
                joined(cells)
            ),
            Refusal::TooLong { cells, span } => write!(
                f,
                "the filled cells ({}) span {span} cells; a piece covers at most 3 adjacent cells",
                joined(cells)
            ),
            Refusal::ThroughOpponent { from, to, middle, mover } => write!(
                f,
                "the piece from {from} to {to} passes through {middle}, which holds the opponent's letter {}",
                theirs(*mover)
            ),
            Refusal::GapLeft { from, to, middle } => {
                write!(f, "{from} and {to} are not adjacent and {middle} between them was left free")
            }
        }
    }
}

impl TurnGame for OneTwoThree {
    type Move = Grid;

    fn turn(&self) -> Side {
        self.turn
    }

    fn legal_moves(&self) -> Vec<Grid> {
        self.fills()
            .iter()
            .map(|f| {
                let mut g = self.grid.clone();
                g.apply(f, self.turn);
                g
            })
            .collect()
    }

    fn play(&mut self, mv: &Grid) -> Result<(), IllegalMove> {
        let fill = self.fill_of(mv).map_err(|refusal| IllegalMove(refusal.to_string()))?;
        self.play_fill(&fill);
        Ok(())
    }

    fn outcome(&self) -> Option<Outcome> {
        if !self.grid.is_full() {
            return None;
        }
        let (a, b) = (self.grid.count(Side::First), self.grid.count(Side::Second));
        let winner = match a.cmp(&b) {
            std::cmp::Ordering::Greater => Some(Side::First),
            std::cmp::Ordering::Less => Some(Side::Second),
            std::cmp::Ordering::Equal => None,
        };
        Some(Outcome {
            winner,
            reason: crate::OutcomeReason::BoardFull,
            score: Some([a.to_string(), b.to_string()]),
        })
    }

    /// The board after the move, as a JSON array of row strings.
    fn record(mv: &Grid) -> serde_json::Value {
        serde_json::Value::from(mv.lines())
    }
}

/// A position as a bot receives it: `M N`, the rows, the mover's letter, each line ending `\r\n`.
pub fn bot_input(grid: &Grid, mover: Side) -> String {
    let mut text = format!("{} {}\r\n", grid.cols(), grid.rows());
    for line in grid.lines() {
        text.push_str(&line);
        text.push_str("\r\n");
    }
    text.push_str(if mover == Side::First { "A\r\n" } else { "B\r\n" });
    text
}

/// A bot's input that breaks the spec's format or limits; the text is the explanation line the
/// bot prints after `error`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct InputError(pub String);

/// A valid position as a bot receives it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Position {
    pub grid: Grid,
    pub mover: Side,
}

/// Reads one position (`M N`, N rows, the mover's letter) from a stream, taking exactly what
/// it needs: the source warns that the input may not be followed by an end of stream, so the
/// last line is read as a single byte and nothing after it is waited for. Line ends may be
/// `\r\n` or `\n`. Every spec check is made: the header form, sizes in 3..=20, row lengths and
/// characters, the letter, and that the board is not already full.
pub fn read_position<R: BufRead>(input: &mut R) -> Result<Position, InputError> {
    let err = |s: String| Err(InputError(s));
    let header = match read_line(input)? {
        Some(line) => line,
        None => return err("the input is empty; expected `M N` on the first line".into()),
    };
    let header_text = String::from_utf8_lossy(&header);
    let parts: Vec<&[u8]> = header.split(|&b| b == b' ').collect();
    if parts.len() != 2 || parts.iter().any(|p| p.is_empty() || !p.iter().all(u8::is_ascii_digit)) {
        return err(format!(
            "the first line must be two whole numbers separated by one space (`M N`), found `{}`",
            clip(&header_text)
        ));
    }
    // Digits only, so the only parse failure is overflow: a number far out of range.
    let num = |p: &[u8]| std::str::from_utf8(p).ok().and_then(|s| s.parse::<u32>().ok()).unwrap_or(u32::MAX);
    let (cols, rows) = (num(parts[0]), num(parts[1]));
    if !(MIN_SIDE..=MAX_SIDE).contains(&cols) || !(MIN_SIDE..=MAX_SIDE).contains(&rows) {
        return err(format!(
            "the board must be {MIN_SIDE} to {MAX_SIDE} columns by {MIN_SIDE} to {MAX_SIDE} rows, found `{}`",
            clip(&header_text)
        ));
    }
    let mut cells = Vec::with_capacity((cols * rows) as usize);
    for row in 1..=rows {
        let line = match read_line(input)? {
            Some(line) => line,
            None => return err(format!("the input ended after {} of {rows} board rows", row - 1)),
        };
        let text = match std::str::from_utf8(&line) {
            Ok(t) => t,
            Err(_) => return err(format!("board row {row} is not valid text")),
        };
        if let Some(ch) = text.chars().find(|&c| cell_of(c).is_none()) {
            return err(format!("board row {row} has the character {ch:?}; only A, B and - are allowed"));
        }
        let len = text.chars().count() as u32;
        if len != cols {
            return err(format!("board row {row} has {len} characters, expected {cols}"));
        }
        cells.extend(text.chars().filter_map(cell_of));
    }
    let mut byte = [0u8; 1];
    let mover = match input.read(&mut byte) {
        Ok(0) => return err("the input ended before the letter of the player to move".into()),
        Ok(_) => match byte[0] {
            b'A' => Side::First,
            b'B' => Side::Second,
            b'\r' | b'\n' => {
                return err("the last line must be the player to move, A or B; it is empty".into())
            }
            b if b.is_ascii_graphic() => {
                return err(format!(
                    "the last line must be the player to move, A or B; found {:?}",
                    b as char
                ))
            }
            _ => return err("the last line must be the player to move, A or B".into()),
        },
        Err(e) => return err(format!("could not read the input: {e}")),
    };
    let grid = Grid { cols, rows, cells };
    if grid.is_full() {
        return err("the board is already full: there is no move to make".into());
    }
    Ok(Position { grid, mover })
}

/// Checks a whole input text, as [`read_position`] does, and also that nothing but line ends
/// follows the player's letter.
pub fn parse_position(input: &[u8]) -> Result<Position, InputError> {
    let mut rest = input;
    let position = read_position(&mut rest)?;
    check_rest(rest)?;
    Ok(position)
}

/// Anything after the player's letter other than line ends makes the input malformed (a letter
/// line of `AB`, a second position...).
pub fn check_rest(rest: &[u8]) -> Result<(), InputError> {
    if rest.iter().all(|&b| b == b'\r' || b == b'\n') {
        Ok(())
    } else {
        Err(InputError(format!(
            "unexpected text after the player letter: `{}`",
            clip(&String::from_utf8_lossy(rest))
        )))
    }
}

/// One line without its `\n` (and a `\r` before it), or `None` at end of input.
fn read_line<R: BufRead>(input: &mut R) -> Result<Option<Vec<u8>>, InputError> {
    let mut line = Vec::new();
    // Positions are at most 21 lines of 20 cells; a longer line is malformed anyway, so reading
    // is capped rather than buffering whatever a broken caller sends.
    let n = Read::take(&mut *input, 4096)
        .read_until(b'\n', &mut line)
        .map_err(|e| InputError(format!("could not read the input: {e}")))?;
    if n == 0 {
        return Ok(None);
    }
    if line.last() == Some(&b'\n') {
        line.pop();
        if line.last() == Some(&b'\r') {
            line.pop();
        }
    }
    Ok(Some(line))
}

fn clip(s: &str) -> String {
    let mut out: String = s.chars().take(40).collect();
    if out.len() < s.len() {
        out.push('…');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use std::collections::HashSet;

    fn grid(lines: &[&str]) -> Grid {
        lines.join("\n").parse().unwrap()
    }

    fn game(lines: &[&str], mover: Side) -> OneTwoThree {
        OneTwoThree::from_position(grid(lines), mover)
    }

    fn illegal(lines: &[&str], mover: Side, answer: &[&str]) -> String {
        game(lines, mover).play(&grid(answer)).unwrap_err().0
    }

    fn legal(lines: &[&str], mover: Side, answer: &[&str]) {
        let mut g = game(lines, mover);
        g.play(&grid(answer)).unwrap_or_else(|e| panic!("{answer:?}: {e}"));
        assert_eq!(g.grid(), &grid(answer));
        assert_eq!(g.turn(), mover.other());
    }

    #[test]
    fn the_first_spec_example_is_a_legal_diagonal_of_two() {
        let pos = parse_position(b"4 3\r\nA---\r\n-A--\r\n--A-\r\nB").unwrap();
        assert_eq!(pos.mover, Side::Second);
        let mut g = OneTwoThree::from_position(pos.grid, pos.mover);
        g.play(&"A--B\r\n-AB-\r\n--A-\r\n".parse().unwrap()).unwrap();
    }

    #[test]
    fn the_second_spec_example_is_a_three_whose_middle_was_own() {
        let pos = parse_position(b"5 3\r\nAAABA\r\nA-B-A\r\nABBBB\r\nB\r\n").unwrap();
        let mut g = OneTwoThree::from_position(pos.grid, pos.mover);
        g.play(&"AAABA\nABBBA\nABBBB".parse().unwrap()).unwrap();
        let o = g.outcome().expect("that move filled the board");
        assert_eq!(o.winner, Some(Side::Second));
        assert_eq!(o.score, Some(["7".to_string(), "8".to_string()]));
    }

    #[test]
    fn cyrillic_words_are_rejected() {
        let err = parse_position("опатропа\r\nшай\r\nля\r\nля\r\n".as_bytes()).unwrap_err();
        assert!(err.0.contains("first line"), "{err}");
        // The same words in Windows-1251, as the source's files were.
        let cp1251 = b"\xee\xef\xe0\xf2\xf0\xee\xef\xe0\r\n\xf8\xe0\xe9\r\n\xeb\xff\r\n\xeb\xff\r\n";
        assert!(parse_position(cp1251).is_err());
    }

    #[test]
    fn a_two_by_two_board_is_rejected_as_too_small() {
        let err = parse_position(b"2 2\r\n--\r\nAA\r\nB").unwrap_err();
        assert!(err.0.contains("3 to 20"), "{err}");
    }

    #[test]
    fn input_format_errors_are_named() {
        let cases: &[(&[u8], &str)] = &[
            (b"", "empty"),
            (b"3  3\r\n---\r\n---\r\n---\r\nA", "one space"),
            (b" 3 3\r\n---\r\n---\r\n---\r\nA", "one space"),
            (b"3 3 \r\n---\r\n---\r\n---\r\nA", "one space"),
            (b"3,3\r\n---\r\n---\r\n---\r\nA", "one space"),
            (b"-3 3\r\n---\r\n---\r\n---\r\nA", "one space"),
            (b"21 3\r\n", "3 to 20"),
            (b"3 99999999999999\r\n", "3 to 20"),
            (b"3 3\r\n---\r\n--\r\n---\r\nA", "row 2 has 2 characters, expected 3"),
            (b"3 3\r\n---\r\n----\r\n---\r\nA", "row 2 has 4 characters"),
            (b"3 3\r\n---\r\n-x-\r\n---\r\nA", "row 2 has the character 'x'"),
            (b"3 3\r\n---\r\n-a-\r\n---\r\nA", "character 'a'"),
            (b"3 3\r\n- -\r\n---\r\n---\r\nA", "character ' '"),
            (b"3 3\r\n---\r\n---\r\n---\r\n", "ended before the letter"),
            (b"3 3\r\n---\r\n---", "ended after 2 of 3"),
            (b"3 3\r\n---\r\n---\r\n---\r\nC", "found 'C'"),
            (b"3 3\r\n---\r\n---\r\n---\r\na", "found 'a'"),
            (b"3 3\r\n---\r\n---\r\n---\r\n\r\n", "empty"),
            (b"3 3\r\n---\r\n---\r\n---\r\nAB", "after the player letter"),
            (b"3 3\r\n---\r\n---\r\n---\r\nA\r\n3 3\r\n", "after the player letter"),
            (b"3 3\r\nABA\r\nBAB\r\nABA\r\nB", "already full"),
        ];
        for (input, want) in cases {
            let err = parse_position(input).expect_err(&String::from_utf8_lossy(input));
            assert!(err.0.contains(want), "{:?}: {err} (wanted {want:?})", String::from_utf8_lossy(input));
        }
    }

    #[test]
    fn valid_inputs_accept_either_line_end_and_a_missing_last_one() {
        for input in [
            &b"3 3\n---\n-A-\n---\nB\n"[..],
            b"3 3\r\n---\r\n-A-\r\n---\r\nB",
            b"3 3\n---\n-A-\n---\nB\r\n\r\n",
        ] {
            let pos = parse_position(input).unwrap();
            assert_eq!(pos.mover, Side::Second);
            assert_eq!(pos.grid, grid(&["---", "-A-", "---"]));
        }
        let pos = parse_position(
            b"20 3\r\n--------------------\r\n--------------------\r\n--------------------\r\nA",
        )
        .unwrap();
        assert_eq!((pos.grid.cols(), pos.grid.rows()), (20, 3));
    }

    #[test]
    fn reading_stops_at_the_player_letter() {
        let mut input: &[u8] = b"3 3\r\n---\r\n---\r\n---\r\nA\r\nmore";
        read_position(&mut input).unwrap();
        assert_eq!(input, b"\r\nmore");
    }

    #[test]
    fn grids_parse_with_crlf_and_trailing_blank_lines() {
        let g: Grid = "AB-\r\n--A\r\n\r\n\n".parse().unwrap();
        assert_eq!(g.lines(), vec!["AB-", "--A"]);
        assert_eq!(g.to_string(), "AB-\n--A");
        assert!("AB-\n--".parse::<Grid>().is_err());
        assert!("AB-\nx-A".parse::<Grid>().is_err());
        assert!("".parse::<Grid>().is_err());
        assert!("AB-\n\nAB-".parse::<Grid>().is_err());
        assert_eq!(OneTwoThree::record(&g), serde_json::json!(["AB-", "--A"]));
    }

    #[test]
    fn single_cells_pairs_and_threes_in_all_four_directions_are_legal() {
        let empty = ["----", "----", "----", "----"];
        legal(&empty, Side::First, &["-A--", "----", "----", "----"]);
        legal(&empty, Side::First, &["AAA-", "----", "----", "----"]);
        legal(&empty, Side::First, &["----", "A---", "A---", "A---"]);
        legal(&empty, Side::First, &["A---", "-A--", "--A-", "----"]);
        legal(&empty, Side::First, &["----", "---A", "--A-", "-A--"]);
        legal(&empty, Side::First, &["--A-", "-A--", "----", "----"]);
        legal(&empty, Side::Second, &["----", "----", "--BB", "----"]);
    }

    #[test]
    fn a_three_whose_middle_is_own_fills_its_ends() {
        legal(&["----", "-A--", "----"], Side::First, &["A---", "-A--", "--A-"]);
        legal(&["---", "-A-", "---"], Side::First, &["--A", "-A-", "A--"]);
        legal(&["-B-", "---", "---"], Side::Second, &["BBB", "---", "---"]);
        // One end own too: only the other end is filled.
        legal(&["AA-", "---", "---"], Side::First, &["AAA", "---", "---"]);
    }

    #[test]
    fn a_piece_through_an_opponent_cell_is_illegal() {
        let msg = illegal(&["-B-", "---", "---"], Side::First, &["ABA", "---", "---"]);
        assert_eq!(msg, "the piece from row 1, column 1 to row 1, column 3 passes through row 1, column 2, which holds the opponent's letter B");
        let msg = illegal(&["---", "-A-", "---"], Side::Second, &["B--", "-A-", "--B"]);
        assert!(msg.contains("passes through row 2, column 2"), "{msg}");
    }

    #[test]
    fn changing_an_opponent_cell_is_illegal() {
        let msg = illegal(&["B--", "---", "---"], Side::First, &["AA-", "---", "---"]);
        assert_eq!(msg, "row 1, column 1 holds the opponent's letter B; a piece may cover only free cells and the mover's own");
    }

    #[test]
    fn removing_or_writing_the_wrong_letter_is_illegal() {
        let msg = illegal(&["A--", "---", "---"], Side::First, &["-A-", "---", "---"]);
        assert!(msg.contains("held A and was changed to -"), "{msg}");
        let msg = illegal(&["---", "---", "---"], Side::First, &["B--", "---", "---"]);
        assert_eq!(msg, "row 1, column 1 was filled with B, but it is A's move");
    }

    #[test]
    fn a_non_straight_change_is_illegal() {
        let msg = illegal(&["---", "---", "---"], Side::First, &["AA-", "-A-", "---"]);
        assert!(msg.contains("not on one horizontal, vertical or diagonal line"), "{msg}");
        let msg = illegal(&["---", "---", "---"], Side::First, &["A--", "--A", "---"]);
        assert!(msg.contains("not on one horizontal, vertical or diagonal line"), "{msg}");
    }

    #[test]
    fn two_separate_changes_are_illegal() {
        let msg = illegal(&["---", "---", "---"], Side::First, &["A-A", "---", "---"]);
        assert_eq!(msg, "row 1, column 1 and row 1, column 3 are not adjacent and row 1, column 2 between them was left free");
        let msg = illegal(&["----", "----", "----", "----"], Side::First, &["A---", "----", "----", "---A"]);
        assert!(msg.contains("span 4 cells"), "{msg}");
        let msg = illegal(&["-----"; 3], Side::First, &["AA-AA", "-----", "-----"]);
        assert!(msg.contains("4 cells were filled"), "{msg}");
    }

    #[test]
    fn a_longer_line_through_own_cells_is_still_only_three_long() {
        // Filling both gaps of -A-A- needs a piece of 5.
        let msg = illegal(&["-A-A-", "-----", "-----"], Side::First, &["AAAAA", "-----", "-----"]);
        assert!(msg.contains("span 5 cells"), "{msg}");
        // A-A-A is different: a piece of 3 through the middle A fills both gaps.
        legal(&["A-A-A", "-----", "-----"], Side::First, &["AAAAA", "-----", "-----"]);
    }

    #[test]
    fn an_unchanged_board_is_illegal() {
        let msg = illegal(&["A--", "---", "---"], Side::Second, &["A--", "---", "---"]);
        assert_eq!(msg, "no free cell was filled: the board is unchanged");
    }

    #[test]
    fn a_board_of_other_dimensions_is_illegal() {
        let msg = illegal(&["----", "----", "----"], Side::First, &["A---", "----", "----", "----"]);
        assert_eq!(msg, "the board is 4 columns x 3 rows but the answer has 4 columns x 4 rows");
        let msg = illegal(&["----", "----", "----"], Side::First, &["A--", "---", "---"]);
        assert!(msg.contains("3 columns x 3 rows"), "{msg}");
    }

    #[test]
    fn the_fuller_side_wins_when_the_board_is_full() {
        let mut g = game(&["AAB", "BBA", "AB-"], Side::First);
        g.play(&grid(&["AAB", "BBA", "ABA"])).unwrap();
        let o = g.outcome().unwrap();
        assert_eq!(o.winner, Some(Side::First));
        assert_eq!(o.reason, crate::OutcomeReason::BoardFull);
        assert_eq!(o.score, Some(["5".to_string(), "4".to_string()]));
        assert!(g.legal_moves().is_empty());
        let mut g = game(&["AAB", "BBA", "A--", "-BA"], Side::Second);
        g.play(&grid(&["AAB", "BBA", "ABB", "BBA"])).unwrap_err();
        g.play(&grid(&["AAB", "BBA", "ABB", "-BA"])).unwrap();
        g.play(&grid(&["AAB", "BBA", "ABB", "ABA"])).unwrap();
        assert_eq!(g.outcome().unwrap().winner, None);
    }

    /// Every grid one piece can make: all segments of 1..3 cells in the four directions whose
    /// cells are free or `side`'s and at least one free, straight from the rule's wording.
    fn brute_force_moves(g: &Grid, side: Side) -> HashSet<Grid> {
        let (rows, cols) = (g.rows() as i64, g.cols() as i64);
        let mut out = HashSet::new();
        for r in 0..rows {
            for c in 0..cols {
                for (dr, dc) in DIRECTIONS {
                    for len in 1..=3 {
                        let cells: Vec<(i64, i64)> = (0..len).map(|k| (r + k * dr, c + k * dc)).collect();
                        if cells.iter().any(|&(r, c)| r >= rows || c < 0 || c >= cols) {
                            continue;
                        }
                        let vals: Vec<Option<Side>> =
                            cells.iter().map(|&(r, c)| g.get(r as u32, c as u32)).collect();
                        if vals.iter().any(|v| v.is_some_and(|s| s != side))
                            || vals.iter().all(|v| v.is_some())
                        {
                            continue;
                        }
                        let mut n = g.clone();
                        for &(r, c) in &cells {
                            n.cells[(r * cols + c) as usize] = Some(side);
                        }
                        out.insert(n);
                    }
                }
            }
        }
        out
    }

    /// A random position: each cell free, A or B with the given weights.
    fn arb_position() -> impl Strategy<Value = (Grid, Side)> {
        (3u32..6, 3u32..5).prop_flat_map(|(cols, rows)| {
            (prop::collection::vec(0u8..5, (cols * rows) as usize), any::<bool>()).prop_map(move |(v, b)| {
                let cells = v
                    .iter()
                    .map(|&x| match x {
                        0 => Some(Side::First),
                        1 => Some(Side::Second),
                        _ => None,
                    })
                    .collect();
                (Grid { cols, rows, cells }, if b { Side::First } else { Side::Second })
            })
        })
    }

    proptest! {
        #[test]
        fn legal_moves_are_exactly_the_boards_one_piece_can_make((g, side) in arb_position()) {
            let state = OneTwoThree::from_position(g.clone(), side);
            let generated: Vec<Grid> = state.legal_moves();
            let set: HashSet<Grid> = generated.iter().cloned().collect();
            prop_assert_eq!(set.len(), generated.len(), "no move is listed twice");
            prop_assert_eq!(&set, &brute_force_moves(&g, side));
            for mv in &generated {
                let mut s = state.clone();
                prop_assert!(s.play(mv).is_ok(), "{}", mv);
            }
        }

        #[test]
        fn play_accepts_exactly_the_generated_boards((g, side) in arb_position(), picks in prop::collection::vec(any::<prop::sample::Index>(), 1..4)) {
            // Fill up to three random free cells with the mover's letter (or, now and then,
            // anything): play must accept it exactly when it is one of the legal moves.
            let state = OneTwoThree::from_position(g.clone(), side);
            let free: Vec<usize> = (0..g.cells.len()).filter(|&i| g.cells[i].is_none()).collect();
            prop_assume!(!free.is_empty());
            let mut n = g.clone();
            for p in &picks {
                n.cells[free[p.index(free.len())]] = Some(side);
            }
            let legal: HashSet<Grid> = state.legal_moves().into_iter().collect();
            prop_assert_eq!(state.clone().play(&n).is_ok(), legal.contains(&n));
        }

        #[test]
        fn random_games_end_and_replay_to_the_same_state(cols in 3u32..9, rows in 3u32..9, picks in prop::collection::vec(any::<prop::sample::Index>(), 1..40)) {
            let mut g = OneTwoThree::new(cols, rows);
            let mut played = Vec::new();
            let mut i = 0;
            while g.outcome().is_none() {
                let moves = g.legal_moves();
                prop_assert!(!moves.is_empty());
                let mv = moves[picks[i % picks.len()].index(moves.len())].clone();
                i += 1;
                g.play(&mv).unwrap();
                played.push(mv);
                prop_assert!(played.len() as u32 <= cols * rows);
            }
            let o = g.outcome().unwrap();
            let score = o.score.unwrap();
            let total: u32 = score.iter().map(|s| s.parse::<u32>().unwrap()).sum();
            prop_assert_eq!(total, cols * rows);
            let mut replay = OneTwoThree::new(cols, rows);
            for mv in &played {
                let lines = OneTwoThree::record(mv);
                let text = lines.as_array().unwrap().iter().map(|l| l.as_str().unwrap()).collect::<Vec<_>>().join("\r\n");
                replay.play(&text.parse().unwrap()).unwrap();
            }
            prop_assert_eq!(replay, g);
        }
    }
}
