//! The five games wired to the drivers: each game's protocol messages, its parameters in the
//! result, and `play_game` / `play_match`, the entry points of `botarena play` and the workers.

use super::launch::Launcher;
use super::log::GameLog;
use super::matches::{house_bot_seed, run_match, GamePlan, MatchSpec, Progress};
use super::per_move::{play_per_move_game, PerMoveProtocol};
use super::realtime::{play_real_time_game, RealTimeGame, PAUSE};
use super::result::{GameResult, MatchResult};
use super::table::{Limits, Table};
use super::turn::{play_turn_game, Personal, TurnProtocol};
use crate::games::checkers::Checkers;
use crate::games::connect4::Connect4;
use crate::games::mathtricks::{generate_board, Mathtricks};
use crate::games::one_two_three::OneTwoThree;
use crate::games::params::{
    CheckersParams, Connect4Params, MathtricksParams, OneTwoThreeParams, Params, TronParams,
};
use crate::games::settings::{GameSettings, Settings, TimeFactor};
use crate::games::tron::{Dir, Tron};
use crate::games::{Outcome, Side, TurnGame};
use std::fmt::Debug;
use std::time::Duration;

/// Plays a whole match: the games of the plan (sides swapped, each board twice), one after the
/// other, reporting progress.
pub fn play_match(
    spec: &MatchSpec,
    launcher: &dyn Launcher,
    progress: &mut dyn FnMut(Progress),
) -> (MatchResult, Vec<GameLog>) {
    run_match(spec, progress, |plan| play_game(spec, plan, launcher))
}

fn num<T: TryFrom<u32>>(n: u32) -> T
where
    T::Error: Debug,
{
    T::try_from(n).expect("board sides are range-checked")
}

/// Plays one game of a match.
pub fn play_game(spec: &MatchSpec, plan: &GamePlan, launcher: &dyn Launcher) -> (GameResult, GameLog) {
    play_game_with(spec, plan, launcher, |_| {})
}

/// Plays one game of a match, letting `seat` set up the table first (a person's patience, a
/// watcher).
pub fn play_game_with<'a>(
    spec: &MatchSpec,
    plan: &GamePlan,
    launcher: &'a dyn Launcher,
    seat: impl FnOnce(&mut Table<'a>),
) -> (GameResult, GameLog) {
    let s = &spec.settings;
    let limits = Limits::from_settings(s);
    let board_text = plan.board.map(|b| format!(" on {b}")).unwrap_or_default();
    // People count games from 1 (the result's `index` stays 0-based).
    let title = format!("{} game {}{board_text}", spec.game, plan.index + 1);
    let seats = [0, 1].map(|seat| {
        let b = plan.seats[seat];
        let mut command = spec.bot(b).clone();
        if command.seed_per_game {
            let seed = house_bot_seed(spec.seed, plan.index, seat);
            command.args.extend(["--seed".to_string(), seed.to_string()]);
        }
        (b, command, spec.cpu(b))
    });
    let factors = seats
        .each_ref()
        .map(|(_, command, _)| command.language.as_deref().map_or(TimeFactor::ONE, |l| s.time_factor(l)));
    let mut table = Table::new(launcher, limits, title, seats);
    for side in [Side::First, Side::Second] {
        table.set_time_factor(side, factors[side.index()]);
    }
    seat(&mut table);
    // The settings are the game's own (`MatchSpec::settings` are parsed for `spec.game`).
    let mut ending = match s.game() {
        GameSettings::Checkers(c) => {
            let game = Checkers::new(c.max_rounds);
            play_turn_game(&mut table, &CheckersProtocol, game)
        }
        GameSettings::Connect4(c) => {
            let game = Connect4::new(c.rows, c.cols, c.connect);
            play_turn_game(&mut table, &Connect4Protocol { magic: connect4_magic(plan) }, game)
        }
        GameSettings::OneTwoThree(_) => {
            let b = plan.board.expect("one-two-three has boards");
            let game = OneTwoThree::new(num(b.width), num(b.height));
            play_per_move_game(&mut table, &OneTwoThreeProtocol, game)
        }
        GameSettings::Mathtricks(_) => {
            let b = plan.board.expect("mathtricks has boards");
            let board = generate_board(num(b.width), num(b.height), plan.seed);
            let rows = board.rows_text();
            let proto = MathtricksProtocol { width: b.width, height: b.height, rows };
            play_turn_game(&mut table, &proto, Mathtricks::new(board))
        }
        GameSettings::Tron(_) => {
            let b = plan.board.expect("tron has boards");
            let ms = b.ms.expect("tron boards have a tick");
            let game = TronRun { tron: Tron::new(num(b.width), num(b.height)), size: (b.width, b.height) };
            play_real_time_game(&mut table, game, Duration::from_millis(ms.into()), PAUSE)
        }
    };
    ending.params = game_params(s, plan).to_value();
    let result = table.result(plan.index, ending);
    let log = std::mem::take(&mut table.log);
    (result, log)
}

/// Connect4's magic number of a game.
fn connect4_magic(plan: &GamePlan) -> i64 {
    (plan.seed % 1_000_000) as i64
}

/// The result's `params` of a game: what, beyond the settings, the game was played on (the
/// replay's frames and a person's view of the position are rebuilt from them).
pub fn game_params(settings: &Settings, plan: &GamePlan) -> Params {
    let board =
        || plan.board.expect("the games played on boards of several sizes have a board in their plan");
    match settings.game() {
        GameSettings::Checkers(_) => Params::Checkers(CheckersParams {}),
        GameSettings::Connect4(_) => Params::Connect4(Connect4Params { magic: connect4_magic(plan) }),
        GameSettings::OneTwoThree(_) => {
            let b = board();
            Params::OneTwoThree(OneTwoThreeParams { cols: b.width, rows: b.height })
        }
        GameSettings::Mathtricks(_) => {
            let b = board();
            Params::Mathtricks(MathtricksParams {
                seed: Some(plan.seed),
                width: Some(b.width),
                height: Some(b.height),
                board: Some(generate_board(num(b.width), num(b.height), plan.seed).rows_text()),
            })
        }
        GameSettings::Tron(_) => {
            let b = board();
            Params::Tron(TronParams { width: b.width, height: b.height, ms: b.ms })
        }
    }
}

fn end_code(result: Personal) -> &'static str {
    match result {
        Personal::Draw => "0",
        Personal::Won => "1",
        Personal::Lost => "2",
    }
}

/// Checkers: `START p` / `OK`, `PLACE …`, `TURN`, `END r`.
struct CheckersProtocol;

impl TurnProtocol<Checkers> for CheckersProtocol {
    fn start(&self, side: Side) -> Option<String> {
        Some(format!("START {}", side.number()))
    }
    fn forward(&self, mv: &<Checkers as TurnGame>::Move) -> String {
        format!("PLACE {mv}")
    }
    fn turn(&self) -> Option<String> {
        Some("TURN".to_string())
    }
    fn end(&self, result: Personal) -> String {
        format!("END {}", end_code(result))
    }
}

/// Connect4: argv `first`/`second`, a magic number, bare columns, codes 10/11/12.
struct Connect4Protocol {
    magic: i64,
}

impl TurnProtocol<Connect4> for Connect4Protocol {
    fn args(&self, side: Side) -> Vec<String> {
        vec![if side == Side::First { "first" } else { "second" }.to_string()]
    }
    fn start(&self, _side: Side) -> Option<String> {
        None
    }
    fn greeting(&self, _side: Side) -> Vec<String> {
        vec![self.magic.to_string()]
    }
    fn forward(&self, mv: &<Connect4 as TurnGame>::Move) -> String {
        mv.to_string()
    }
    fn turn(&self) -> Option<String> {
        None
    }
    fn end(&self, result: Personal) -> String {
        match result {
            Personal::Won => "10",
            Personal::Lost => "11",
            Personal::Draw => "12",
        }
        .to_string()
    }
}

/// Mathtricks: `START p` / `OK`, then the board right after `OK`, `MOVE x y`, `TURN`, `END r`.
struct MathtricksProtocol {
    width: u32,
    height: u32,
    rows: Vec<Vec<String>>,
}

impl TurnProtocol<Mathtricks> for MathtricksProtocol {
    fn start(&self, side: Side) -> Option<String> {
        Some(format!("START {}", side.number()))
    }
    fn after_ok(&self, _side: Side, _game: &Mathtricks) -> Vec<String> {
        let mut lines = vec![format!("BOARD {} {}", self.width, self.height)];
        lines.extend(self.rows.iter().map(|r| r.join(" ")));
        lines
    }
    fn forward(&self, mv: &<Mathtricks as TurnGame>::Move) -> String {
        format!("MOVE {mv}")
    }
    fn turn(&self) -> Option<String> {
        Some("TURN".to_string())
    }
    fn end(&self, result: Personal) -> String {
        format!("END {}", end_code(result))
    }
}

/// One-two-three: one process per move, the position in, the new position out.
struct OneTwoThreeProtocol;

impl PerMoveProtocol<OneTwoThree> for OneTwoThreeProtocol {
    fn input(&self, game: &OneTwoThree) -> String {
        crate::games::one_two_three::bot_input(game.grid(), game.turn())
    }
    fn shape(&self, game: &OneTwoThree) -> (usize, usize) {
        let lines = game.grid().lines();
        (lines.len(), lines.first().map_or(0, |l| l.len()))
    }
    /// A loss by forfeit is scored N*M to 0.
    fn forfeit_score(&self, game: &OneTwoThree, winner: Side) -> Option<[String; 2]> {
        let (rows, cols) = self.shape(game);
        let all = (rows * cols).to_string();
        Some(match winner {
            Side::First => [all, "0".to_string()],
            Side::Second => ["0".to_string(), all],
        })
    }
}

/// Tron with its size (for `PELI`).
struct TronRun {
    tron: Tron,
    size: (u32, u32),
}

impl RealTimeGame for TronRun {
    type Dir = Dir;
    fn default_dir(side: Side) -> Dir {
        Dir::default_for(side)
    }
    fn size(&self) -> (u32, u32) {
        self.size
    }
    fn heads(&self) -> [(u32, u32); 2] {
        self.tron.heads()
    }
    fn tick(&mut self, dirs: [Dir; 2]) -> Option<Outcome> {
        self.tron.tick(dirs)
    }
}
