//! The replay's frames: every position of a played game, computed by these rules from the stored
//! moves, in a small drawing format per game, so that the web viewer draws positions and knows
//! no rule (one rules engine; `docs/replay-frames.md` describes each format).
//!
//! A frame is the position before the first move (frame 0) and after every move (frame k after
//! move k). Frames are computed on read from a result's `moves` and `params` and the game's
//! settings, so games stored before frames existed replay too; nothing here is stored. Coordinates
//! are as drawn: row 0 is the top row (connect4 and tron count their rows from the bottom, and
//! are turned over here). Where a drawing grows move by move (tron's trails, mathtricks' visited
//! cells), a frame holds only what it adds, so a long game's frames stay linear in its length.

use super::checkers::Checkers;
use super::connect4::Connect4;
use super::mathtricks::{generate_board, Board, Mathtricks};
use super::one_two_three::{OneTwoThree, MAX_SIDE as OTT_MAX, MIN_SIDE as OTT_MIN};
use super::params::{MathtricksParams, OneTwoThreeParams, Params, TronParams};
use super::settings::{GameSettings, SettingError, Settings};
use super::tron::{Dir, Tron};
use super::{GameId, ParseMoveError, Side, TurnGame};
use serde::Serialize;
use serde_json::Value;

/// A game's frames; serialized as a plain JSON array of that game's frames.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(untagged)]
pub enum Frames {
    Checkers(Vec<CheckersFrame>),
    Connect4(Vec<Connect4Frame>),
    OneTwoThree(Vec<OneTwoThreeFrame>),
    Mathtricks(Vec<MathtricksFrame>),
    Tron(Vec<TronFrame>),
}

impl Frames {
    /// Positions, the start included.
    pub fn len(&self) -> usize {
        match self {
            Frames::Checkers(f) => f.len(),
            Frames::Connect4(f) => f.len(),
            Frames::OneTwoThree(f) => f.len(),
            Frames::Mathtricks(f) => f.len(),
            Frames::Tron(f) => f.len(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// No positions at all: the frames of a game that has no start position.
    pub fn none(game: GameId) -> Frames {
        match game {
            GameId::Checkers => Frames::Checkers(Vec::new()),
            GameId::Connect4 => Frames::Connect4(Vec::new()),
            GameId::OneTwoThree => Frames::OneTwoThree(Vec::new()),
            GameId::Mathtricks => Frames::Mathtricks(Vec::new()),
            GameId::Tron => Frames::Tron(Vec::new()),
        }
    }
}

/// Checkers: the board as 8 strings of 8 squares, top row first (`.` empty, `b`/`B` a Black
/// man/king, `w`/`W` a White man/king: the diagram of [`Checkers::from_diagram`]).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CheckersFrame {
    pub board: Vec<String>,
    /// The squares of the move that led here, `[row, col]`, start first (empty in frame 0).
    pub last: Vec<[u8; 2]>,
    /// The squares of the pieces that move captured, in the order they were jumped.
    pub taken: Vec<[u8; 2]>,
    /// Pieces of Black (first) and White.
    pub pieces: [usize; 2],
}

/// Connect4: the grid as rows of `cols` characters, top row first (`.` empty, `1` a disc of the
/// first mover, `2` of the second).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Connect4Frame {
    pub rows: Vec<String>,
    /// The disc just dropped, `[row, col]` with row 0 at the top; `null` in frame 0.
    pub last: Option<[u32; 2]>,
    /// The discs of the line (or lines) that disc completed, `[row, col]`: empty unless it won.
    pub line: Vec<[u32; 2]>,
}

/// One-two-three: the board rows as the spec writes them (`A`, `B`, `-`), top first.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct OneTwoThreeFrame {
    pub rows: Vec<String>,
    /// Cells of A (first) and B: the score once the board is full.
    pub cells: [u32; 2],
    /// The cells the move that led here filled, `[row, col]` (empty in frame 0).
    pub last: Vec<[u32; 2]>,
}

/// Mathtricks: both pawns, the cells this frame marks visited, and both totals. The board's
/// operations are the result's `params.board`; the cells visited by frame k are the `visited`
/// of frames 0 to k.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MathtricksFrame {
    /// `[x, y]` of player 1's pawn, then player 2's; (0,0) is the top-left cell.
    pub pawns: [[u32; 2]; 2],
    /// Cells first visited in this frame: both start cells in frame 0, then the mover's cell.
    pub visited: Vec<[u32; 2]>,
    /// Running totals of player 1 and player 2 as decimal strings (they outgrow any float).
    pub totals: [String; 2],
}

/// Tron: both heads, `[x, row]` with row 0 at the top (the game's y counts from the bottom).
/// A player's trail at frame k is its heads in frames 0 to k; after a crash a head is the
/// cell its line crashed into.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TronFrame {
    pub heads: [[u32; 2]; 2],
}

/// The frames of a stored game and, when they end before the last stored move, why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Replay {
    pub frames: Frames,
    /// `None` when every move replayed; otherwise the first move that could not be replayed
    /// ([`ReplayError::Move`]).
    pub stopped: Option<ReplayError>,
}

/// Why a stored game has no start position, or the move at which its frames stop.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    #[error("stored settings: {0}")]
    Settings(#[from] SettingError),
    #[error("params: {0}")]
    Params(String),
    /// Move (or tron's tick) `number`, counted from 1, does not replay.
    #[error("{unit} {number} ({stored}): {why}")]
    Move { unit: &'static str, number: usize, stored: Value, why: String },
}

/// Replays a stored game under its `settings` (checkers `max_rounds`, connect4 `rows`, `cols`,
/// `connect`) and its result's `params` and `moves` (the result format of `botarena play
/// --json`). A forfeited move is never among the moves, so a forfeited game's frames end at its
/// last legal move; moves that do not replay stop the frames there ([`Replay::stopped`]). An
/// error means there is no start position at all.
pub fn replay(settings: &Settings, params: &Params, moves: &[Value]) -> Result<Replay, ReplayError> {
    let (frames, stopped) = match (settings.game(), params) {
        (GameSettings::Checkers(s), Params::Checkers(_)) => {
            wrap(Frames::Checkers, checkers(Checkers::new(s.max_rounds), moves))
        }
        (GameSettings::Connect4(s), Params::Connect4(_)) => {
            wrap(Frames::Connect4, connect4(Connect4::new(s.rows, s.cols, s.connect), moves))
        }
        (GameSettings::OneTwoThree(_), Params::OneTwoThree(p)) => {
            wrap(Frames::OneTwoThree, one_two_three(one_two_three_start(p)?, moves))
        }
        (GameSettings::Mathtricks(_), Params::Mathtricks(p)) => {
            wrap(Frames::Mathtricks, mathtricks(Mathtricks::new(mathtricks_board(p)?), moves))
        }
        (GameSettings::Tron(_), Params::Tron(p)) => wrap(Frames::Tron, tron_ticks(tron_start(p)?, moves)),
        (s, p) => return Err(mismatch(s.game(), p)),
    };
    Ok(Replay { frames, stopped })
}

/// [`replay`] of a game as the database stores it: its settings and its result's params as
/// JSON, read here (the boundary where they get their types).
pub fn replay_stored(
    game: GameId,
    settings: &Value,
    params: &Value,
    moves: &[Value],
) -> Result<Replay, ReplayError> {
    replay(&Settings::from_stored(game, settings)?, &Params::from_stored(game, params)?, moves)
}

/// The frames of a replay of a `game`: those that replayed, and none at all when there is no
/// start position (for pages that show what they can; the error is the caller's to log).
pub fn frames_or_none(game: GameId, replay: Result<Replay, ReplayError>) -> Frames {
    replay.map_or_else(|_| Frames::none(game), |r| r.frames)
}

/// Params that belong to another game than the settings.
pub(crate) fn mismatch(game: GameId, params: &Params) -> ReplayError {
    ReplayError::Params(format!("params of {} for a game of {game}", params.game()))
}

/// Frames so far, and why they stopped.
type Partial<F> = (Vec<F>, Option<ReplayError>);

fn wrap<F>(make: fn(Vec<F>) -> Frames, (frames, stopped): Partial<F>) -> (Frames, Option<ReplayError>) {
    (make(frames), stopped)
}

/// Plays the moves of a turn game from `game`, a frame per position, stopping at the first move
/// that does not parse or is illegal. `text` gives a stored move's protocol text.
fn turn_frames<G: TurnGame, F>(
    mut game: G,
    moves: &[Value],
    text: impl Fn(&Value) -> Option<String>,
    frame: impl Fn(&G, Option<&G::Move>) -> F,
) -> Partial<F> {
    let mut frames = vec![frame(&game, None)];
    for (i, stored) in moves.iter().enumerate() {
        let played = text(stored)
            .ok_or_else(|| "not a move of this game".to_string())
            .and_then(|t| t.parse::<G::Move>().map_err(|e: ParseMoveError| e.to_string()))
            .and_then(|mv| game.play(&mv).map(|()| mv).map_err(|e| e.to_string()));
        match played {
            Ok(mv) => frames.push(frame(&game, Some(&mv))),
            Err(why) => {
                return (
                    frames,
                    Some(ReplayError::Move { unit: "move", number: i + 1, stored: stored.clone(), why }),
                )
            }
        }
    }
    (frames, None)
}

pub(crate) fn string_move(v: &Value) -> Option<String> {
    v.as_str().map(str::to_string)
}

fn checkers(start: Checkers, moves: &[Value]) -> Partial<CheckersFrame> {
    turn_frames(start, moves, string_move, |g, mv| CheckersFrame {
        board: g.to_string().lines().map(str::to_string).collect(),
        last: mv.map_or_else(Vec::new, |m| m.squares.iter().map(|s| [s.row, s.col]).collect()),
        taken: mv.map_or_else(Vec::new, |m| m.jumped().iter().map(|s| [s.row, s.col]).collect()),
        pieces: [g.piece_count(Side::First), g.piece_count(Side::Second)],
    })
}

fn connect4(start: Connect4, moves: &[Value]) -> Partial<Connect4Frame> {
    turn_frames(start, moves, string_move, |g, mv| {
        let (rows, cols) = (g.rows(), g.cols());
        let disc = |row, col| match g.cell(row, col) {
            None => '.',
            Some(Side::First) => '1',
            Some(Side::Second) => '2',
        };
        // The disc just dropped is the top one of its column; frames count rows from the top.
        let dropped = mv.map(|m| (g.height(m.0) - 1, m.0));
        let line = dropped.map_or_else(Vec::new, |(r, c)| g.lines_through(r, c));
        Connect4Frame {
            rows: (0..rows).rev().map(|r| (0..cols).map(|c| disc(r, c)).collect()).collect(),
            last: dropped.map(|(r, c)| [rows - 1 - r, c]),
            line: line.into_iter().map(|(r, c)| [rows - 1 - r, c]).collect(),
        }
    })
}

/// One-two-three's empty board of the result's `params` (`cols`, `rows`).
pub(crate) fn one_two_three_start(p: &OneTwoThreeParams) -> Result<OneTwoThree, ReplayError> {
    let OneTwoThreeParams { cols, rows } = *p;
    for side in [cols, rows] {
        if !(OTT_MIN..=OTT_MAX).contains(&side) {
            return Err(ReplayError::Params(format!(
                "a {cols}x{rows} board is outside {OTT_MIN}..={OTT_MAX} on a side"
            )));
        }
    }
    Ok(OneTwoThree::new(cols, rows))
}

/// A stored one-two-three move (the board the mover printed, an array of row strings) as its
/// protocol text, the rows joined with `\n`.
pub(crate) fn one_two_three_text(v: &Value) -> Option<String> {
    let rows = v.as_array()?.iter().map(|r| r.as_str()).collect::<Option<Vec<_>>>()?;
    Some(rows.join("\n"))
}

fn one_two_three(start: OneTwoThree, moves: &[Value]) -> Partial<OneTwoThreeFrame> {
    let (mut frames, stopped) = turn_frames(start, moves, one_two_three_text, |g, _| OneTwoThreeFrame {
        rows: g.grid().lines(),
        cells: [g.grid().count(Side::First), g.grid().count(Side::Second)],
        last: Vec::new(),
    });
    // A move's cells are those free before it and filled after it.
    for k in 1..frames.len() {
        let filled = |rows: &[String]| -> Vec<bool> {
            rows.iter().flat_map(|r| r.bytes().map(|b| b != b'-')).collect()
        };
        let (before, after) = (filled(&frames[k - 1].rows), filled(&frames[k].rows));
        let cols = frames[k].rows.first().map_or(1, String::len).max(1);
        frames[k].last = (0..after.len())
            .filter(|&i| after[i] && !before[i])
            .map(|i| [(i / cols) as u32, (i % cols) as u32])
            .collect();
    }
    (frames, stopped)
}

/// The stored board (`params.board`: H rows of W cell texts), or for a result without one the
/// board generated from `params.seed`, `width` and `height`, as the judge generates it.
pub(crate) fn mathtricks_board(p: &MathtricksParams) -> Result<Board, ReplayError> {
    let Some(rows) = &p.board else {
        let (Some(w), Some(h), Some(seed)) = (p.width, p.height, p.seed) else {
            return Err(ReplayError::Params("no `board`, and no `seed`, `width` and `height`".into()));
        };
        let fits = |s| (super::mathtricks::MIN_SIDE..=super::mathtricks::MAX_SIDE).contains(&s);
        if !fits(w) || !fits(h) {
            return Err(ReplayError::Params(format!("a {w}x{h} board is outside the rules")));
        }
        return Ok(generate_board(w, h, seed));
    };
    let width = rows.first().map_or(0, Vec::len) as u32;
    let joined: Vec<String> = rows.iter().map(|cells| cells.join(" ")).collect();
    Board::parse_rows(width, joined.len() as u32, &joined).map_err(|e| ReplayError::Params(e.to_string()))
}

fn mathtricks(start: Mathtricks, moves: &[Value]) -> Partial<MathtricksFrame> {
    turn_frames(start, moves, string_move, |g, mv| {
        let at = |side| {
            let c = g.pawn(side);
            [c.x, c.y]
        };
        let pawns = [at(Side::First), at(Side::Second)];
        MathtricksFrame {
            pawns,
            visited: mv.map_or_else(|| pawns.to_vec(), |m| vec![[m.x, m.y]]),
            totals: g.totals().clone().map(|t| t.to_string()),
        }
    })
}

/// Tron's empty grid of the result's `params` (`width`, `height`).
pub(crate) fn tron_start(p: &TronParams) -> Result<Tron, ReplayError> {
    Tron::try_new(p.width, p.height).map_err(|e| ReplayError::Params(e.to_string()))
}

/// Replays tron's ticks: each stored tick is both heads after it, and the direction each line
/// took is the one step that leads from its previous head there.
fn tron_ticks(mut game: Tron, moves: &[Value]) -> Partial<TronFrame> {
    let (width, height) = (game.width(), game.height());
    let frame = |t: &Tron| TronFrame { heads: t.heads().map(|(x, y)| [x, height - 1 - y]) };
    let mut frames = vec![frame(&game)];
    for (i, stored) in moves.iter().enumerate() {
        let step = || -> Result<[Dir; 2], String> {
            if game.outcome().is_some() {
                return Err("the game was already over".into());
            }
            let heads: [(u32, u32); 2] = serde_json::from_value(stored.clone())
                .map_err(|_| "not two heads `[[x1, y1], [x2, y2]]`".to_string())?;
            let mut dirs = [Dir::PlusX; 2];
            for (p, dir) in dirs.iter_mut().enumerate() {
                let from = game.heads()[p];
                *dir = Dir::between(from, heads[p], width, height).ok_or_else(|| {
                    format!("player {}'s head cannot go from {from:?} to {:?} in one step", p + 1, heads[p])
                })?;
            }
            Ok(dirs)
        };
        match step() {
            Ok(dirs) => {
                game.tick(dirs);
                frames.push(frame(&game));
            }
            Err(why) => {
                return (
                    frames,
                    Some(ReplayError::Move { unit: "tick", number: i + 1, stored: stored.clone(), why }),
                )
            }
        }
    }
    (frames, None)
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use rand::seq::SliceRandom;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;
    use serde_json::json;
    use std::collections::HashSet;

    /// A random game to its end (or `limit` moves), with its moves stored as the judge records
    /// them.
    fn random_game<G: TurnGame>(mut game: G, seed: u64, limit: usize) -> (G, Vec<Value>) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut moves = Vec::new();
        while moves.len() < limit {
            let Some(mv) = game.legal_moves().choose(&mut rng).cloned() else { break };
            game.play(&mv).unwrap();
            moves.push(G::record(&mv));
        }
        (game, moves)
    }

    /// Replays a game stored as JSON; a game without a start has no frames and says why.
    fn replay(game: GameId, settings: &Value, params: &Value, moves: &[Value]) -> Replay {
        replay_stored(game, settings, params, moves)
            .unwrap_or_else(|why| Replay { frames: Frames::none(game), stopped: Some(why) })
    }

    /// Every frame of a game whose moves all replay.
    fn all_frames(game: GameId, settings: Value, params: Value, moves: &[Value]) -> Frames {
        let r = replay(game, &settings, &params, moves);
        assert_eq!(r.stopped, None);
        assert_eq!(r.frames.len(), moves.len() + 1, "a frame per move and the start");
        r.frames
    }

    fn checkers_frames(moves: &[Value]) -> Replay {
        replay(GameId::Checkers, &json!({}), &json!({}), moves)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(48))]

        #[test]
        fn a_checkers_replays_last_frame_is_the_rules_final_board_and_material(seed: u64, rounds in 1u32..80) {
            let (end, moves) = random_game(Checkers::new(rounds), seed, 400);
            let Frames::Checkers(f) = all_frames(GameId::Checkers, json!({"max_rounds": rounds}), json!({}), &moves)
            else { panic!("checkers frames") };
            let last = f.last().unwrap();
            prop_assert_eq!(last.board.join("\n") + "\n", end.to_string());
            prop_assert_eq!(last.pieces, [end.piece_count(Side::First), end.piece_count(Side::Second)]);
            // Kings count 3 and men 1: the material the outcome scores.
            let material = |men: char, king: char| last.board.concat().chars()
                .map(|c| if c == men { 1 } else if c == king { 3 } else { 0 }).sum::<u32>().to_string();
            let score = end.outcome().expect("random games end").score.unwrap();
            prop_assert_eq!([material('b', 'B'), material('w', 'W')], score);
            // A move's `taken` squares held an opponent's piece before it and are empty after it.
            for pair in f.windows(2) {
                let at = |fr: &CheckersFrame, [r, c]: [u8; 2]| fr.board[r as usize].as_bytes()[c as usize];
                let mover = at(&pair[0], pair[1].last[0]).to_ascii_lowercase();
                for &sq in &pair[1].taken {
                    prop_assert!(!matches!(at(&pair[0], sq).to_ascii_lowercase(), b'.') && at(&pair[0], sq).to_ascii_lowercase() != mover);
                    prop_assert_eq!(at(&pair[1], sq), b'.');
                }
                let lost = |fr: &CheckersFrame| fr.pieces.iter().sum::<usize>();
                prop_assert_eq!(lost(&pair[0]) - lost(&pair[1]), pair[1].taken.len());
            }
        }

        #[test]
        fn a_connect4_replays_frames_show_every_disc_where_it_fell(seed: u64, rows in 4u32..=12, cols in 4u32..=10) {
            let (end, moves) = random_game(Connect4::new(rows, cols, 4), seed, 500);
            let settings = json!({"rows": rows, "cols": cols.to_string()});
            let Frames::Connect4(f) = all_frames(GameId::Connect4, settings, json!({"magic": 1}), &moves)
            else { panic!("connect4 frames") };
            prop_assert!(f[0].rows.concat().chars().all(|c| c == '.'));
            let last = f.last().unwrap();
            for r in 0..rows {
                for c in 0..cols {
                    let want = match end.cell(r, c) { None => '.', Some(Side::First) => '1', Some(Side::Second) => '2' };
                    prop_assert_eq!(last.rows[(rows - 1 - r) as usize].as_bytes()[c as usize] as char, want);
                }
            }
            // Each frame adds the disc of its `last` square, of the mover's colour.
            for (k, pair) in f.windows(2).enumerate() {
                let [row, col] = pair[1].last.unwrap();
                let mover = if k % 2 == 0 { b'1' } else { b'2' };
                prop_assert_eq!(pair[0].rows[row as usize].as_bytes()[col as usize], b'.');
                prop_assert_eq!(pair[1].rows[row as usize].as_bytes()[col as usize], mover);
                prop_assert_eq!(col.to_string(), moves[k].as_str().unwrap());
                // Only the winning disc draws a line: `connect` or more of its colour, in a row.
                prop_assert_eq!(pair[1].line.is_empty(), k + 1 < moves.len() || end.outcome().is_none_or(|o| o.winner.is_none()));
                prop_assert!(pair[1].line.is_empty() || pair[1].line.len() >= 4);
                for &[r, c] in &pair[1].line {
                    prop_assert_eq!(pair[1].rows[r as usize].as_bytes()[c as usize], mover);
                }
            }
        }

        #[test]
        fn a_one_two_three_replays_last_frame_counts_the_judges_score(seed: u64, cols in 3u32..=9, rows in 3u32..=9) {
            let (end, moves) = random_game(OneTwoThree::new(cols, rows), seed, 1000);
            let Frames::OneTwoThree(f) =
                all_frames(GameId::OneTwoThree, json!({}), json!({"cols": cols, "rows": rows}), &moves)
            else { panic!("one-two-three frames") };
            let last = f.last().unwrap();
            prop_assert_eq!(&last.rows, &end.grid().lines());
            let score = end.outcome().expect("the board is full").score.unwrap();
            prop_assert_eq!(last.cells.map(|n| n.to_string()), score);
            // Each move's `last` is the 1 to 3 cells it filled with the mover's letter.
            for (k, pair) in f.windows(2).enumerate() {
                let mover = if k % 2 == 0 { b'A' } else { b'B' };
                prop_assert!((1..=3).contains(&pair[1].last.len()));
                for &[r, c] in &pair[1].last {
                    prop_assert_eq!(pair[0].rows[r as usize].as_bytes()[c as usize], b'-');
                    prop_assert_eq!(pair[1].rows[r as usize].as_bytes()[c as usize], mover);
                }
                prop_assert_eq!(pair[1].cells.iter().sum::<u32>() - pair[0].cells.iter().sum::<u32>(), pair[1].last.len() as u32);
            }
        }

        #[test]
        fn a_mathtricks_replays_last_frame_holds_the_judges_totals_and_visited_cells(
            seed: u64, w in 4u32..=12, h in 4u32..=12,
        ) {
            let board = generate_board(w, h, seed);
            let params = json!({"seed": seed, "width": w, "height": h, "board": board.rows_text()});
            let (end, moves) = random_game(Mathtricks::new(board), seed, 1000);
            let Frames::Mathtricks(f) = all_frames(GameId::Mathtricks, json!({}), params, &moves)
            else { panic!("mathtricks frames") };
            let last = f.last().unwrap();
            let score = end.outcome().expect("random games end").score.unwrap();
            prop_assert_eq!(&last.totals, &score);
            let pawn = |s| { let c = end.pawn(s); [c.x, c.y] };
            prop_assert_eq!(last.pawns, [pawn(Side::First), pawn(Side::Second)]);
            let visited: HashSet<[u32; 2]> = f.iter().flat_map(|fr| fr.visited.iter().copied()).collect();
            for y in 0..h {
                for x in 0..w {
                    prop_assert_eq!(visited.contains(&[x, y]), end.is_visited(x, y), "cell {} {}", x, y);
                }
            }
        }

        #[test]
        fn a_tron_replays_heads_are_the_rules_heads_and_their_trails_the_used_cells(
            seed: u64, w in (2u32..=12).prop_map(|v| v * 2), h in (2u32..=10).prop_map(|v| v * 2),
        ) {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut game = Tron::new(w, h);
            let mut moves = Vec::new();
            while game.outcome().is_none() {
                game.tick([Dir::ALL[rng.gen_range(0..4)], Dir::ALL[rng.gen_range(0..4)]]);
                moves.push(json!(game.heads()));
            }
            let Frames::Tron(f) = all_frames(GameId::Tron, json!({}), json!({"width": w, "height": h, "ms": 50}), &moves)
            else { panic!("tron frames") };
            // Rows are counted from the top in frames, y from the bottom in the game.
            prop_assert_eq!(f.last().unwrap().heads, game.heads().map(|(x, y)| [x, h - 1 - y]));
            let trails: HashSet<[u32; 2]> = f.iter().flat_map(|fr| fr.heads).collect();
            for y in 0..h {
                for x in 0..w {
                    prop_assert_eq!(trails.contains(&[x, h - 1 - y]), game.is_used(x, y), "cell {} {}", x, y);
                }
            }
        }
    }

    #[test]
    fn a_checkers_capture_removes_the_jumped_man_and_marks_the_chain() {
        let r = checkers_frames(&[json!("2 5,0 4,1"), json!("2 2,3 3,2"), json!("2 4,1 2,3")]);
        assert_eq!(r.stopped, None);
        let Frames::Checkers(f) = r.frames else { panic!() };
        assert_eq!(f[0].board[0], ".w.w.w.w");
        assert_eq!(f[0].board[7], "b.b.b.b.");
        assert_eq!((f[0].last.len(), f[0].pieces), (0, [12, 12]));
        assert_eq!(f[3].board[2], ".w.b.w.w", "the Black man landed on 2,3");
        assert_eq!(f[3].board[3], "........", "the White man on 3,2 is gone");
        assert_eq!(f[3].last, vec![[4, 1], [2, 3]]);
        assert_eq!(f[3].taken, vec![[3, 2]]);
        assert!(f[2].taken.is_empty());
        assert_eq!(f[3].pieces, [12, 11]);
    }

    #[test]
    fn a_man_reaching_the_far_row_is_drawn_as_a_king() {
        let (game, moves) = (0..200u64)
            .map(|seed| random_game(Checkers::new(60), seed, 400))
            .find(|(g, _)| g.pieces().any(|(_, p)| p.king))
            .expect("some random game crowns a man");
        let Frames::Checkers(f) = checkers_frames(&moves).frames else { panic!() };
        let kings = f.last().unwrap().board.concat().chars().filter(|c| "BW".contains(*c)).count();
        assert_eq!(kings, game.pieces().filter(|(_, p)| p.king).count());
        assert!(kings > 0);
    }

    #[test]
    fn connect4_rows_are_drawn_top_first_from_the_stored_settings() {
        let r =
            replay(GameId::Connect4, &json!({"rows": "6", "cols": 7}), &json!({}), &[json!("3"), json!("3")]);
        let Frames::Connect4(f) = r.frames else { panic!() };
        assert_eq!(f[0].rows, vec!["......."; 6]);
        assert_eq!(f[0].last, None);
        assert_eq!(f[1].last, Some([5, 3]), "the first disc lies on the bottom row");
        assert_eq!(f[2].last, Some([4, 3]));
        assert_eq!(f[2].rows[4..], ["...2...".to_string(), "...1...".to_string()]);
        assert!(f[2].line.is_empty());
    }

    #[test]
    fn a_connect4_win_marks_every_line_the_last_disc_completed() {
        // First: 0 1 2 on the bottom row and 4 5 6 beside them; 3 joins both into one line of
        // seven. Second stacks on 0, 1, 2, 4, 5, 6 between.
        let moves = ["0", "0", "1", "1", "2", "2", "4", "4", "5", "5", "6", "6", "3"].map(|m| json!(m));
        let Frames::Connect4(f) = all_frames(GameId::Connect4, json!({}), json!({}), &moves) else {
            panic!()
        };
        let mut line = f.last().unwrap().line.clone();
        line.sort();
        assert_eq!(line, (0..7).map(|c| [8, c]).collect::<Vec<_>>());
        assert!(f[..f.len() - 1].iter().all(|fr| fr.line.is_empty()));
    }

    #[test]
    fn the_frames_of_an_unplayable_move_stop_before_it_and_say_why() {
        let r = replay(GameId::Connect4, &json!({}), &json!({}), &[json!("3"), json!("99"), json!("4")]);
        assert_eq!(r.frames.len(), 2, "the start and the first move");
        let why = r.stopped.unwrap().to_string();
        assert!(why.starts_with("move 2 (\"99\")") && why.contains("out of range"), "{why}");

        let r = checkers_frames(&[json!("2 5,0 4,1"), json!("two squares")]);
        assert_eq!(r.frames.len(), 2);
        assert!(r.stopped.unwrap().to_string().contains("malformed move"));

        let mv = json!([["A--", "---", "---"]]);
        let r = replay(
            GameId::OneTwoThree,
            &json!({}),
            &json!({"cols": 3, "rows": 3}),
            &[mv[0].clone(), json!(5)],
        );
        assert_eq!(
            (r.frames.len(), r.stopped.unwrap().to_string()),
            (2, "move 2 (5): not a move of this game".to_string())
        );

        // Tron: a head that jumps two cells.
        let r =
            replay(GameId::Tron, &json!({}), &json!({"width": 12, "height": 6}), &[json!([[11, 0], [3, 0]])]);
        assert_eq!(r.frames.len(), 1);
        assert!(r.stopped.unwrap().to_string().contains("player 2's head cannot go from (1, 0) to (3, 0)"));
    }

    #[test]
    fn a_game_without_a_usable_start_has_no_frames_and_says_why() {
        let cases = [
            (GameId::Tron, json!({}), json!({"width": 12})),
            (GameId::Tron, json!({}), json!({"width": 5, "height": 6})),
            (GameId::OneTwoThree, json!({}), json!({"cols": 30, "rows": 3})),
            (GameId::Mathtricks, json!({}), json!({"board": [["+0", "+1"], ["+1"]]})),
            (GameId::Mathtricks, json!({}), json!({"width": 8})),
            (GameId::Connect4, json!({"rows": 0}), json!({})),
            (GameId::Checkers, json!({"max_rounds": "many"}), json!({})),
        ];
        for (game, settings, params) in cases {
            let r = replay(game, &settings, &params, &[]);
            assert!(r.frames.is_empty(), "{game} {params}");
            let why = r.stopped.unwrap().to_string();
            assert!(why.starts_with("params: ") || why.starts_with("stored settings: "), "{why}");
        }
    }

    #[test]
    fn a_game_stored_with_no_moves_has_its_start_position() {
        for game in GameId::ALL {
            let params = match game {
                GameId::OneTwoThree => json!({"cols": 6, "rows": 4}),
                GameId::Mathtricks => json!({"seed": 3, "width": 8, "height": 8}),
                GameId::Tron => json!({"width": 12, "height": 6, "ms": 230}),
                _ => json!({}),
            };
            let r = replay(game, &json!({}), &params, &[]);
            assert_eq!((r.frames.len(), r.stopped), (1, None), "{game}");
        }
    }

    #[test]
    fn mathtricks_totals_beyond_64_bits_are_exact_decimal_strings() {
        // Player 1 walks the top row: +3, then *4 thirty-two times = 3 * 2^64.
        let w = 34;
        let mut top = vec!["+0", "+3"];
        top.extend(std::iter::repeat_n("*4", 32));
        let plain = vec!["+1"; w];
        let mut bottom = vec!["+1"; w];
        bottom[w - 1] = "+0";
        let params = json!({"board": [top, plain, plain, bottom]});
        let mut moves = Vec::new();
        for x in 1..w as u32 {
            moves.push(json!(format!("{x} 0")));
            moves.push(json!(format!("{} 3", w as u32 - 1 - x)));
        }
        let Frames::Mathtricks(f) = all_frames(GameId::Mathtricks, json!({}), params, &moves) else {
            panic!()
        };
        assert_eq!(f.last().unwrap().totals, ["55340232221128654848".to_string(), "33".to_string()]);
        assert_eq!(f[0].visited, vec![[0, 0], [33, 3]]);
        assert_eq!(f[1].visited, vec![[1, 0]]);
    }

    #[test]
    fn a_mathtricks_result_without_its_board_is_replayed_on_the_board_of_its_seed() {
        let board = generate_board(8, 8, 77);
        let (_, moves) = random_game(Mathtricks::new(board.clone()), 5, 1000);
        let with = replay(GameId::Mathtricks, &json!({}), &json!({"board": board.rows_text()}), &moves);
        let without =
            replay(GameId::Mathtricks, &json!({}), &json!({"seed": 77, "width": 8, "height": 8}), &moves);
        assert_eq!(with, without);
        assert_eq!(with.stopped, None);
    }

    #[test]
    fn tron_frames_turn_the_grid_over_so_that_row_zero_is_the_top() {
        let moves = [json!([[11, 0], [2, 0]]), json!([[11, 1], [2, 1]])];
        let Frames::Tron(f) = all_frames(GameId::Tron, json!({}), json!({"width": 12, "height": 6}), &moves)
        else {
            panic!()
        };
        assert_eq!(f[0].heads, [[0, 5], [1, 5]]);
        assert_eq!(f[2].heads, [[11, 4], [2, 4]]);
        let text = serde_json::to_string(&Frames::Tron(f)).unwrap();
        assert_eq!(text, r#"[{"heads":[[0,5],[1,5]]},{"heads":[[11,5],[2,5]]},{"heads":[[11,4],[2,4]]}]"#);
    }

    #[test]
    fn tron_frames_grow_linearly_with_the_ticks() {
        // Both lines run up their columns of a 160x120 grid until they meet their own start.
        let mut game = Tron::new(160, 120);
        let mut moves = Vec::new();
        while game.outcome().is_none() {
            game.tick([Dir::PlusY, Dir::PlusY]);
            moves.push(json!(game.heads()));
        }
        assert_eq!(moves.len(), 120);
        let frames = all_frames(GameId::Tron, json!({}), json!({"width": 160, "height": 120}), &moves);
        let bytes = serde_json::to_string(&frames).unwrap().len();
        assert!(bytes < 40 * 121, "{bytes} bytes for 121 frames");
    }

    #[test]
    fn moves_after_a_tron_crash_do_not_replay() {
        // The heads step into each other's cells: both crash on the first tick.
        let moves = [json!([[1, 0], [0, 0]]), json!([[2, 0], [11, 0]])];
        let r = replay(GameId::Tron, &json!({}), &json!({"width": 12, "height": 6}), &moves);
        assert_eq!(r.frames.len(), 2);
        assert!(r.stopped.unwrap().to_string().contains("already over"));
    }
}
