//! Rules of `checkers` (docs: `docs/games/checkers.md`): simplified draughts on the dark
//! squares of an 8x8 board, with mandatory captures, the majority rule, kings that step one square
//! and a round limit scored by material.
//!
//! The state is pure and deterministic. `play` checks a move and, when it is illegal, says which
//! rule it breaks, because that text ends up in a forfeit's detail that a bot author reads.

use super::{IllegalMove, Outcome, ParseMoveError, Side, TurnGame};
use std::fmt;
use std::str::FromStr;

#[cfg(test)]
mod tests;

/// Rows and columns of the board.
pub const SIZE: u8 = 8;

/// The four diagonal directions as (row, col) deltas.
const DIRECTIONS: [(i8, i8); 4] = [(-1, -1), (-1, 1), (1, -1), (1, 1)];

/// A square as the protocol writes it, `row,col`, both 0-based from the top-left corner.
///
/// Parsing keeps any coordinate that fits a `u8`, so that a move naming `(8,1)` is reported as
/// off the board by [`Checkers::play`] (an illegal move) rather than as unreadable text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square {
    pub row: u8,
    pub col: u8,
}

impl Square {
    pub const fn new(row: u8, col: u8) -> Square {
        Square { row, col }
    }

    pub fn is_on_board(self) -> bool {
        self.row < SIZE && self.col < SIZE
    }

    /// Only dark squares, where `row + col` is odd, are ever used.
    pub fn is_dark(self) -> bool {
        (self.row ^ self.col) & 1 == 1
    }

    fn index(self) -> usize {
        usize::from(self.row) * usize::from(SIZE) + usize::from(self.col)
    }

    fn bit(self) -> u64 {
        1 << self.index()
    }

    /// The square `steps` times (dr, dc) away, if it is on the board.
    fn offset(self, (dr, dc): (i8, i8), steps: i8) -> Option<Square> {
        let row = self.row as i8 + dr * steps;
        let col = self.col as i8 + dc * steps;
        let size = SIZE as i8;
        ((0..size).contains(&row) && (0..size).contains(&col)).then(|| Square::new(row as u8, col as u8))
    }

    /// Every dark square, top row first.
    pub fn all_dark() -> impl Iterator<Item = Square> {
        (0..SIZE).flat_map(|row| (0..SIZE).map(move |col| Square::new(row, col))).filter(|s| s.is_dark())
    }
}

/// Protocol form, `row,col`.
impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.row, self.col)
    }
}

/// A square in an error message: `(row,col)`, as people write it.
struct Named(Square);

impl fmt::Display for Named {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({},{})", self.0.row, self.0.col)
    }
}

/// The rule a move breaks ([`Checkers::refusal`]): its `Display` is the English reason an illegal
/// move is reported with; the web names each in the reader's language.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    TooFewSquares,
    OffBoard(Square),
    NotDark(Square),
    NoPieceOfYours(Square),
    NotDiagonal(Square, Square),
    /// A plain step followed by more squares.
    StepsChained,
    CaptureMandatory,
    Occupied(Square),
    /// A man of this side stepping backwards.
    ManBackwards(Side),
    StepAfterJump,
    NothingToJump(Square),
    OwnPieceJumped(Square),
    JumpedTwice(Square),
    /// A chain capturing `count` pieces where `most` can be captured.
    Majority {
        count: usize,
        most: usize,
    },
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Refusal::TooFewSquares => write!(f, "a move lists at least 2 squares (start and destination)"),
            Refusal::OffBoard(sq) => write!(f, "{} is off the board: rows and columns are 0-7", Named(sq)),
            Refusal::NotDark(sq) => {
                write!(f, "{} is not a dark square: pieces stand only where row + col is odd", Named(sq))
            }
            Refusal::NoPieceOfYours(sq) => write!(f, "{} holds no piece of yours", Named(sq)),
            Refusal::NotDiagonal(a, b) => {
                write!(f, "{} to {} is neither a diagonal step nor a diagonal jump", Named(a), Named(b))
            }
            Refusal::StepsChained => write!(f, "a plain step moves one square; only jumps can be chained"),
            Refusal::CaptureMandatory => write!(f, "a capture is available: captures are mandatory"),
            Refusal::Occupied(sq) => write!(f, "{} is occupied", Named(sq)),
            Refusal::ManBackwards(side) => write!(
                f,
                "a man steps only forward (towards row {} for {}); only kings step backwards",
                far_row(side),
                colour(side)
            ),
            Refusal::StepAfterJump => {
                write!(f, "a chain is made of jumps only: a plain step cannot follow a jump")
            }
            Refusal::NothingToJump(sq) => write!(f, "there is no piece to jump at {}", Named(sq)),
            Refusal::OwnPieceJumped(sq) => {
                write!(f, "{} holds your own piece: only the opponent's pieces can be jumped", Named(sq))
            }
            Refusal::JumpedTwice(sq) => write!(f, "{} was already jumped in this chain", Named(sq)),
            Refusal::Majority { count, most } => {
                let s = if count == 1 { "" } else { "s" };
                write!(f, "the chain captures {count} piece{s} but {most} can be captured (majority rule)")
            }
        }
    }
}

/// A man or a king of one side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    pub side: Side,
    pub king: bool,
}

impl Piece {
    pub const fn man(side: Side) -> Piece {
        Piece { side, king: false }
    }

    pub const fn king(side: Side) -> Piece {
        Piece { side, king: true }
    }

    /// Material for round-limit scoring: 3 for a king, 1 for a man.
    pub fn points(self) -> u32 {
        if self.king {
            3
        } else {
            1
        }
    }

    /// The diagram letter: `b`/`B` for a Black man/king, `w`/`W` for White.
    pub fn letter(self) -> char {
        match (self.side, self.king) {
            (Side::First, false) => 'b',
            (Side::First, true) => 'B',
            (Side::Second, false) => 'w',
            (Side::Second, true) => 'W',
        }
    }
}

/// The colour name of a side: Black moves first.
pub fn colour(side: Side) -> &'static str {
    match side {
        Side::First => "Black",
        Side::Second => "White",
    }
}

/// The row delta of a man's forward step: Black moves towards row 0, White towards row 7.
fn forward(side: Side) -> i8 {
    match side {
        Side::First => -1,
        Side::Second => 1,
    }
}

/// The row on which a man of `side` is promoted.
pub fn far_row(side: Side) -> u8 {
    match side {
        Side::First => 0,
        Side::Second => SIZE - 1,
    }
}

/// A move: every square the piece stands on, the start first. Two squares one diagonal apart
/// are a plain step; otherwise consecutive squares are two apart and each hop jumps one piece.
/// Text form: `N r1,c1 r2,c2 … rN,cN`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    pub squares: Vec<Square>,
}

impl Move {
    pub fn new(squares: Vec<Square>) -> Move {
        Move { squares }
    }

    pub fn from(&self) -> Square {
        self.squares[0]
    }

    pub fn to(&self) -> Square {
        *self.squares.last().expect("a move has at least two squares")
    }

    /// True for a jump chain (the first hop is two squares long).
    pub fn is_capture(&self) -> bool {
        self.squares.len() >= 2 && self.squares[0].row.abs_diff(self.squares[1].row) == 2
    }

    /// The squares of the jumped pieces, in order (empty for a plain step).
    pub fn jumped(&self) -> Vec<Square> {
        if !self.is_capture() {
            return Vec::new();
        }
        self.squares
            .windows(2)
            .map(|w| Square::new((w[0].row + w[1].row) / 2, (w[0].col + w[1].col) / 2))
            .collect()
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.squares.len())?;
        for s in &self.squares {
            write!(f, " {s}")?;
        }
        Ok(())
    }
}

/// Parses `N r1,c1 … rN,cN`. Runs of spaces are accepted between fields. A count that does not
/// match the squares, fewer than two squares, or anything that is not a number is malformed;
/// numbers that fit a byte but lie off the board parse, and `play` rejects them as illegal.
impl FromStr for Move {
    type Err = ParseMoveError;

    fn from_str(s: &str) -> Result<Move, ParseMoveError> {
        let mut fields = s.split_ascii_whitespace();
        let count = fields.next().ok_or_else(|| ParseMoveError("the move is empty".into()))?;
        let n: usize = parse_number(count).ok_or_else(|| {
            ParseMoveError(format!("the square count `{count}` is not a number of squares"))
        })?;
        let squares = fields.map(parse_square).collect::<Result<Vec<_>, _>>()?;
        if n != squares.len() {
            return Err(ParseMoveError(format!("the move says {n} squares but {} follow", squares.len())));
        }
        if n < 2 {
            return Err(ParseMoveError(format!(
                "a move lists at least 2 squares (start and destination), not {n}"
            )));
        }
        Ok(Move { squares })
    }
}

/// A decimal number of ASCII digits only (no sign), or `None`.
fn parse_number<T: FromStr>(s: &str) -> Option<T> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

fn parse_square(s: &str) -> Result<Square, ParseMoveError> {
    let bad = || ParseMoveError(format!("`{s}` is not a square (expected row,col with numbers 0-7)"));
    let (row, col) = s.split_once(',').ok_or_else(bad)?;
    match (parse_number::<u8>(row), parse_number::<u8>(col)) {
        (Some(row), Some(col)) => Ok(Square::new(row, col)),
        _ => Err(bad()),
    }
}

/// A position given by a diagram that cannot be a checkers position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("bad checkers diagram: {0}")]
pub struct DiagramError(String);

/// A checkers game in progress: the board, the side to move and the round count.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Checkers {
    board: [Option<Piece>; 64],
    turn: Side,
    max_rounds: u32,
    /// Completed rounds; a round ends with a move of White.
    rounds: u32,
}

impl Checkers {
    /// The standard start: White on the dark squares of rows 0-2, Black on rows 5-7, Black to
    /// move, and the game scored after `max_rounds` rounds.
    pub fn new(max_rounds: u32) -> Checkers {
        let mut board = [None; 64];
        for sq in Square::all_dark() {
            if sq.row <= 2 {
                board[sq.index()] = Some(Piece::man(Side::Second));
            } else if sq.row >= 5 {
                board[sq.index()] = Some(Piece::man(Side::First));
            }
        }
        Checkers { board, turn: Side::First, max_rounds, rounds: 0 }
    }

    /// A position from a diagram of 8 lines of 8 characters, top row first: `.` empty, `b`/`B`
    /// a Black man/king, `w`/`W` a White man/king. Blank lines and surrounding spaces are
    /// ignored. Pieces must stand on dark squares; a man may not stand on its own far row.
    pub fn from_diagram(diagram: &str, turn: Side, max_rounds: u32) -> Result<Checkers, DiagramError> {
        let lines: Vec<&str> = diagram.lines().map(str::trim).filter(|l| !l.is_empty()).collect();
        if lines.len() != usize::from(SIZE) {
            return Err(DiagramError(format!("{} rows instead of {SIZE}", lines.len())));
        }
        let mut board = [None; 64];
        for (row, line) in lines.iter().enumerate() {
            let chars: Vec<char> = line.chars().collect();
            if chars.len() != usize::from(SIZE) {
                return Err(DiagramError(format!("row {row} has {} squares instead of {SIZE}", chars.len())));
            }
            for (col, ch) in chars.into_iter().enumerate() {
                let sq = Square::new(row as u8, col as u8);
                let piece = match ch {
                    '.' => continue,
                    'b' => Piece::man(Side::First),
                    'B' => Piece::king(Side::First),
                    'w' => Piece::man(Side::Second),
                    'W' => Piece::king(Side::Second),
                    other => return Err(DiagramError(format!("unknown square `{other}` at {}", Named(sq)))),
                };
                if !sq.is_dark() {
                    return Err(DiagramError(format!("a piece on the light square {}", Named(sq))));
                }
                if !piece.king && sq.row == far_row(piece.side) {
                    return Err(DiagramError(format!("a man on its far row at {}", Named(sq))));
                }
                board[sq.index()] = Some(piece);
            }
        }
        Ok(Checkers { board, turn, max_rounds, rounds: 0 })
    }

    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        if sq.is_on_board() {
            self.board[sq.index()]
        } else {
            None
        }
    }

    /// Every piece with its square, top row first.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        Square::all_dark().filter_map(|sq| self.board[sq.index()].map(|p| (sq, p)))
    }

    pub fn max_rounds(&self) -> u32 {
        self.max_rounds
    }

    /// Rounds completed so far (a round is a move of Black and a move of White).
    pub fn rounds_played(&self) -> u32 {
        self.rounds
    }

    /// Material of [Black, White]: 3 per king, 1 per man.
    pub fn material(&self) -> [u32; 2] {
        let mut m = [0, 0];
        for (_, p) in self.pieces() {
            m[p.side.index()] += p.points();
        }
        m
    }

    /// Number of pieces of a side.
    pub fn piece_count(&self, side: Side) -> usize {
        self.pieces().filter(|(_, p)| p.side == side).count()
    }

    /// True when the side to move may not play a plain step because some capture exists.
    pub fn capture_available(&self) -> bool {
        self.pieces().any(|(sq, p)| p.side == self.turn && self.can_jump_from(sq, sq, 0))
    }

    /// Whether the piece of the side to move, now at `at` after leaving `start` and jumping the
    /// pieces in `jumped`, has a jump.
    fn can_jump_from(&self, start: Square, at: Square, jumped: u64) -> bool {
        DIRECTIONS.iter().any(|&d| self.jump(start, at, d, jumped).is_some())
    }

    /// The landing square of a jump from `at` in direction `d`, if the rules allow it: an
    /// opponent piece not yet jumped in this chain right next to `at`, and behind it an empty
    /// square (the start square counts as empty, since the piece has left it; jumped pieces
    /// still stand and block).
    fn jump(&self, start: Square, at: Square, d: (i8, i8), jumped: u64) -> Option<(Square, Square)> {
        let over = at.offset(d, 1)?;
        let land = at.offset(d, 2)?;
        let victim = self.board[over.index()]?;
        if victim.side == self.turn || jumped & over.bit() != 0 {
            return None;
        }
        (land == start || self.board[land.index()].is_none()).then_some((over, land))
    }

    /// The longest capture chains of the side to move and their length (0 and none when no
    /// capture exists). Only these are legal when captures exist (majority rule).
    pub fn longest_captures(&self) -> (Vec<Move>, usize) {
        let mut best = Vec::new();
        let mut most = 0;
        let mut path = Vec::with_capacity(13);
        for (sq, p) in self.pieces() {
            if p.side == self.turn {
                path.clear();
                path.push(sq);
                self.extend_chain(&mut path, 0, &mut best, &mut most);
            }
        }
        (best, most)
    }

    fn extend_chain(&self, path: &mut Vec<Square>, jumped: u64, best: &mut Vec<Move>, most: &mut usize) {
        let start = path[0];
        let at = *path.last().expect("the path holds the start");
        let mut extended = false;
        for d in DIRECTIONS {
            if let Some((over, land)) = self.jump(start, at, d, jumped) {
                extended = true;
                path.push(land);
                self.extend_chain(path, jumped | over.bit(), best, most);
                path.pop();
            }
        }
        let length = path.len() - 1;
        if !extended && length > 0 && length >= *most {
            if length > *most {
                best.clear();
                *most = length;
            }
            best.push(Move { squares: path.clone() });
        }
    }

    /// Plain steps of the side to move (legal only when no capture exists).
    fn steps(&self) -> Vec<Move> {
        let mut moves = Vec::new();
        for (sq, p) in self.pieces() {
            if p.side != self.turn {
                continue;
            }
            for d in DIRECTIONS {
                if !p.king && d.0 != forward(p.side) {
                    continue;
                }
                if let Some(to) = sq.offset(d, 1) {
                    if self.board[to.index()].is_none() {
                        moves.push(Move { squares: vec![sq, to] });
                    }
                }
            }
        }
        moves
    }

    /// The moves of the side to move by the movement rules alone, ignoring the round limit.
    fn moves_ignoring_limit(&self) -> Vec<Move> {
        let (captures, _) = self.longest_captures();
        if captures.is_empty() {
            self.steps()
        } else {
            captures
        }
    }

    fn has_any_move(&self) -> bool {
        self.pieces().any(|(sq, p)| {
            p.side == self.turn
                && DIRECTIONS.iter().any(|&d| {
                    self.jump(sq, sq, d, 0).is_some()
                        || ((p.king || d.0 == forward(p.side))
                            && sq.offset(d, 1).is_some_and(|to| self.board[to.index()].is_none()))
                })
        })
    }

    /// Checks a move against every rule, naming the first one it breaks.
    fn check(&self, mv: &Move) -> Result<(), IllegalMove> {
        self.refusal(mv).map_or(Ok(()), |r| Err(IllegalMove(r.to_string())))
    }

    /// The first rule a move breaks, if any (the game not being over).
    pub fn refusal(&self, mv: &Move) -> Option<Refusal> {
        let squares = &mv.squares;
        if squares.len() < 2 {
            return Some(Refusal::TooFewSquares);
        }
        if let Some(&sq) = squares.iter().find(|s| !s.is_on_board()) {
            return Some(Refusal::OffBoard(sq));
        }
        if let Some(&sq) = squares.iter().find(|s| !s.is_dark()) {
            return Some(Refusal::NotDark(sq));
        }
        let start = squares[0];
        let piece = match self.board[start.index()] {
            Some(p) if p.side == self.turn => p,
            _ => return Some(Refusal::NoPieceOfYours(start)),
        };
        let mut hops = Vec::with_capacity(squares.len() - 1);
        for w in squares.windows(2) {
            let (dr, dc) = (w[1].row as i8 - w[0].row as i8, w[1].col as i8 - w[0].col as i8);
            if dr.abs() != dc.abs() || !(1..=2).contains(&dr.abs()) {
                return Some(Refusal::NotDiagonal(w[0], w[1]));
            }
            hops.push((dr.signum(), dc.signum(), dr.abs()));
        }
        let (_, most) = self.longest_captures();

        if hops[0].2 == 1 {
            if hops.len() > 1 {
                return Some(Refusal::StepsChained);
            }
            if most > 0 {
                return Some(Refusal::CaptureMandatory);
            }
            let to = squares[1];
            if self.board[to.index()].is_some() {
                return Some(Refusal::Occupied(to));
            }
            if !piece.king && hops[0].0 != forward(piece.side) {
                return Some(Refusal::ManBackwards(piece.side));
            }
            return None;
        }

        if hops.iter().any(|h| h.2 == 1) {
            return Some(Refusal::StepAfterJump);
        }
        let mut jumped = 0u64;
        for (w, &(dr, dc, _)) in squares.windows(2).zip(&hops) {
            let (at, land) = (w[0], w[1]);
            let over = at.offset((dr, dc), 1).expect("between two board squares");
            // The start square is empty while the piece is away on its chain.
            let occupant = if over == start { None } else { self.board[over.index()] };
            match occupant {
                None => return Some(Refusal::NothingToJump(over)),
                Some(p) if p.side == self.turn => return Some(Refusal::OwnPieceJumped(over)),
                Some(_) if jumped & over.bit() != 0 => return Some(Refusal::JumpedTwice(over)),
                Some(_) => {}
            }
            // A landing square is never a jumped piece's square: landings are an even number of
            // rows and columns from the start, jumped pieces an odd number.
            if land != start && self.board[land.index()].is_some() {
                return Some(Refusal::Occupied(land));
            }
            jumped |= over.bit();
        }
        let count = hops.len();
        if count < most {
            return Some(Refusal::Majority { count, most });
        }
        debug_assert_eq!(count, most, "a valid chain is never longer than the longest one");
        None
    }

    /// Plays a move without checking it (for search, on moves from `legal_moves`): the jumped
    /// pieces go, a man ending on its far row is crowned, and the turn passes.
    pub fn play_unchecked(&mut self, mv: &Move) {
        let from = mv.from();
        let to = mv.to();
        let mut piece = self.board[from.index()].take().expect("a legal move starts at a piece");
        for sq in mv.jumped() {
            self.board[sq.index()] = None;
        }
        if to.row == far_row(piece.side) {
            piece.king = true;
        }
        self.board[to.index()] = Some(piece);
        if self.turn == Side::Second {
            self.rounds += 1;
        }
        self.turn = self.turn.other();
    }
}

impl TurnGame for Checkers {
    type Move = Move;

    fn turn(&self) -> Side {
        self.turn
    }

    fn legal_moves(&self) -> Vec<Move> {
        if self.rounds >= self.max_rounds {
            return Vec::new();
        }
        self.moves_ignoring_limit()
    }

    fn play(&mut self, mv: &Move) -> Result<(), IllegalMove> {
        if let Some(o) = self.outcome() {
            return Err(IllegalMove(format!("the game is over ({})", o.reason)));
        }
        self.check(mv)?;
        self.play_unchecked(mv);
        Ok(())
    }

    /// A side to move without pieces loses (`no_pieces`); after `max_rounds` rounds the higher
    /// material wins (`round_limit`, equal is a draw); a side to move without a legal move loses
    /// (`no_moves`). The score is always the material, Black first.
    fn outcome(&self) -> Option<Outcome> {
        let material = self.material();
        let score = Some(material.map(|m| m.to_string()));
        if self.piece_count(self.turn) == 0 {
            return Some(Outcome {
                winner: Some(self.turn.other()),
                reason: crate::OutcomeReason::NoPieces,
                score,
            });
        }
        if self.rounds >= self.max_rounds {
            let winner = match material[0].cmp(&material[1]) {
                std::cmp::Ordering::Greater => Some(Side::First),
                std::cmp::Ordering::Less => Some(Side::Second),
                std::cmp::Ordering::Equal => None,
            };
            return Some(Outcome { winner, reason: crate::OutcomeReason::RoundLimit, score });
        }
        if !self.has_any_move() {
            return Some(Outcome {
                winner: Some(self.turn.other()),
                reason: crate::OutcomeReason::NoMoves,
                score,
            });
        }
        None
    }
}

/// The diagram form accepted by [`Checkers::from_diagram`], one row per line.
impl fmt::Display for Checkers {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for row in 0..SIZE {
            for col in 0..SIZE {
                let c = self.board[Square::new(row, col).index()].map_or('.', Piece::letter);
                write!(f, "{c}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

impl fmt::Debug for Checkers {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{} to move, round {} of {}", colour(self.turn), self.rounds + 1, self.max_rounds)?;
        write!(f, "{self}")
    }
}
