//! The rule a move breaks, in the reader's language: each game's typed refusal (its English
//! `Display` is what logs and the command line show) said with the messages `error-<game>-*` of
//! `errors.ftl`. Shared by the errors of a move typed by hand (`error`) and the one-two-three
//! validity report on a submission's page (`contests`).

use crate::tr;

/// The connect4 rule a move breaks, in the reader's language.
pub(super) fn connect4_rule(rule: crate::games::connect4::Refusal) -> String {
    use crate::games::connect4::Refusal as R;
    match rule {
        R::Over => tr!("error-game-over"),
        R::OutOfRange { col, cols } => tr!("error-connect4-out-of-range", column = col, last = cols - 1),
        R::Full(col) => tr!("error-connect4-full", column = col),
    }
}

/// The MathTricks rule a move breaks, in the reader's language (cells as the protocol writes
/// them, `x y`).
pub(super) fn mathtricks_rule(rule: crate::games::mathtricks::Refusal) -> String {
    use crate::games::mathtricks::Refusal as R;
    match rule {
        R::Over(_) => tr!("error-game-over"),
        R::OffBoard { cell, width, height } => {
            tr!("error-mathtricks-off-board", cell = cell.to_string(), width = width, height = height)
        }
        R::NotNeighbour { cell, from } => {
            tr!("error-mathtricks-not-neighbour", cell = cell.to_string(), from = from.to_string())
        }
        R::Visited(cell) => tr!("error-mathtricks-visited", cell = cell.to_string()),
    }
}

/// The one-two-three rule a new board breaks, in the reader's language.
pub(super) fn one_two_three_rule(rule: crate::games::one_two_three::Refusal) -> String {
    use crate::games::one_two_three::{letter, Refusal as R, Spot};
    let at = |spot: Spot| tr!("error-ott-cell", row = spot.row, column = spot.col);
    let cells = |spots: &[Spot]| spots.iter().map(|&s| at(s)).collect::<Vec<_>>().join("; ");
    let mine = |side: crate::games::Side| letter(Some(side)).to_string();
    let theirs = |side: crate::games::Side| letter(Some(side.other())).to_string();
    match rule {
        R::WrongSize { cols, rows, answer_cols, answer_rows } => tr!(
            "error-ott-wrong-size",
            cols = cols,
            rows = rows,
            answer_cols = answer_cols,
            answer_rows = answer_rows
        ),
        R::Over => tr!("error-game-over"),
        R::OpponentsCell { at: spot, mover } => {
            tr!("error-ott-opponents-cell", cell = at(spot), theirs = theirs(mover))
        }
        R::LetterRemoved { at: spot, mover, now } => tr!(
            "error-ott-letter-removed",
            cell = at(spot),
            mine = mine(mover),
            now = letter(now).to_string()
        ),
        R::WrongLetter { at: spot, mover } => {
            tr!("error-ott-wrong-letter", cell = at(spot), mine = mine(mover), theirs = theirs(mover))
        }
        R::Unchanged => tr!("error-ott-unchanged"),
        R::TooMany(count) => tr!("error-ott-too-many", count = count as u32),
        R::NotInLine(spots) => tr!("error-ott-not-in-line", cells = cells(&spots)),
        R::TooLong { cells: spots, span } => {
            tr!("error-ott-too-long", cells = cells(&spots), span = span as u32)
        }
        R::ThroughOpponent { from, to, middle, mover } => tr!(
            "error-ott-through-opponent",
            from = at(from),
            to = at(to),
            middle = at(middle),
            theirs = theirs(mover)
        ),
        R::GapLeft { from, to, middle } => {
            tr!("error-ott-gap-left", from = at(from), to = at(to), middle = at(middle))
        }
    }
}

/// The checkers rule a move breaks, in the reader's language.
pub(super) fn checkers_rule(rule: crate::games::checkers::Refusal) -> String {
    use crate::games::checkers::{far_row, Refusal as R};
    use crate::games::Side;
    let at = |sq: crate::games::checkers::Square| format!("({},{})", sq.row, sq.col);
    match rule {
        R::TooFewSquares => tr!("error-checkers-too-few-squares"),
        R::OffBoard(sq) => tr!("error-checkers-off-board", square = at(sq)),
        R::NotDark(sq) => tr!("error-checkers-not-dark", square = at(sq)),
        R::NoPieceOfYours(sq) => tr!("error-checkers-no-piece", square = at(sq)),
        R::NotDiagonal(a, b) => tr!("error-checkers-not-diagonal", from = at(a), to = at(b)),
        R::StepsChained => tr!("error-checkers-steps-chained"),
        R::CaptureMandatory => tr!("error-checkers-capture-compulsory"),
        R::Occupied(sq) => tr!("error-checkers-occupied", square = at(sq)),
        R::ManBackwards(side) => tr!(
            "error-checkers-man-backwards",
            row = far_row(side),
            side = if side == Side::First { "black" } else { "white" }
        ),
        R::StepAfterJump => tr!("error-checkers-step-after-jump"),
        R::NothingToJump(sq) => tr!("error-checkers-nothing-to-jump", square = at(sq)),
        R::OwnPieceJumped(sq) => tr!("error-checkers-own-piece", square = at(sq)),
        R::JumpedTwice(sq) => tr!("error-checkers-jumped-twice", square = at(sq)),
        R::Majority { count, most } => tr!("error-checkers-majority", count = count, most = most),
    }
}
