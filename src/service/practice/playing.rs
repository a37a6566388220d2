//! A practice game being played: the game as it stands ([`Game`], what its page shows of it,
//! [`View`]), the person's moves, and the thread that plays it ([`run`]) while following the
//! table ([`Follow`]). Kept apart from the service that starts and finds games (`mod.rs`).

use super::PracticeError;
use crate::db::games::Side as Entrant;
use crate::db::ids::{ContestId, UserId};
use crate::games::frames::{self, Frames};
use crate::games::params::Params;
use crate::games::position::Position;
use crate::games::settings::Settings;
use crate::games::tron::Dir;
use crate::games::{GameId, Side};
use crate::judge::human::{HumanSeat, SeatError, WithHuman};
use crate::judge::languages::Languages;
use crate::judge::launch::Launcher;
use crate::judge::matches::{GamePlan, MatchSpec};
use crate::judge::result::{BotId, GameResult};
use crate::judge::table::Watcher;
use crate::judge::{play_game_with, BotCommand};
use serde::Serialize;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};
use tokio::sync::watch;
use uuid::Uuid;

/// What a game's page and the API show of it.
#[derive(Clone, Debug, Serialize)]
pub struct View {
    pub id: Uuid,
    pub contest: String,
    pub game: GameId,
    /// `your_turn`, `bot_thinking`, `playing` (tron), `ending` (decided, the result coming)
    /// or `over`.
    pub status: &'static str,
    /// The person's seat: `first` or `second`.
    pub seat: &'static str,
    /// Whose turn it is in a turn game that is not over.
    pub turn: Option<&'static str>,
    pub opponent: String,
    /// The game's stored settings and the result's `params`, as for a replay.
    pub settings: serde_json::Value,
    pub params: serde_json::Value,
    pub moves: Vec<serde_json::Value>,
    pub frames: Frames,
    /// The moves the person may make now, in the game's notation (a turn game, their turn).
    pub legal_moves: Vec<String>,
    /// The bot's thinking time so far, and since when it has been thinking on this move.
    pub bot_think_ms: u64,
    pub bot_thinking_ms: Option<u64>,
    /// The bot's time per move, and the person's.
    pub move_ms: u64,
    pub patience_ms: u64,
    /// Once over: the result (as `botarena play --json` writes it; the person is bot `a`).
    pub result: Option<GameResult>,
    /// Once over: the transcript the person may read.
    pub log: Option<String>,
    /// The bot's DEBUG messages and standard-error lines so far, each `{"channel", "move", "text"}`
    /// with the index of the move it came before: only when the bot is the person's own or the
    /// house's (another student's bot keeps its output to itself).
    pub lines: Vec<serde_json::Value>,
}

/// One game being played.
pub struct Game {
    pub id: Uuid,
    pub user: UserId,
    pub contest: String,
    pub(super) contest_id: ContestId,
    pub(super) started_at: time::OffsetDateTime,
    pub game: GameId,
    pub(super) human: Side,
    pub(super) opponent: String,
    /// Whether the person may read the bot's own output (their submission, or a house bot).
    pub(super) bot_is_theirs: bool,
    pub(super) settings: Settings,
    pub(super) params: Params,
    pub(super) move_ms: u64,
    pub(super) patience: Duration,
    pub(super) seat: HumanSeat,
    /// Whether the person has made a move (a game without one is abandoned: not stored).
    pub(super) human_moved: std::sync::atomic::AtomicBool,
    pub(super) live: Mutex<Live>,
    /// Bumped at every change, for pushes (the WebSocket).
    pub(super) version: Arc<watch::Sender<u64>>,
}

#[derive(Default)]
pub(super) struct Live {
    pub(super) moves: Vec<serde_json::Value>,
    pub(super) lines: Vec<serde_json::Value>,
    pub(super) bot_think: Duration,
    pub(super) bot_since: Option<Instant>,
    pub(super) result: Option<GameResult>,
    pub(super) log: Option<String>,
    pub(super) ended_at: Option<Instant>,
}

impl Live {
    fn is_over(&self) -> bool {
        self.result.is_some() || self.ended_at.is_some()
    }
}

impl Game {
    pub(super) fn live(&self) -> MutexGuard<'_, Live> {
        self.live.lock().unwrap_or_else(|e| e.into_inner())
    }

    pub(super) fn changed(&self) {
        self.version.send_modify(|v| *v += 1);
    }

    /// A receiver woken at every change.
    pub fn subscribe(&self) -> watch::Receiver<u64> {
        self.version.subscribe()
    }

    pub fn is_over(&self) -> bool {
        self.live().is_over()
    }

    /// The game as its player sees it now.
    pub fn view(&self) -> View {
        let live = self.live();
        let frames =
            frames::frames_or_none(self.game, frames::replay(&self.settings, &self.params, &live.moves));
        let over = live.is_over();
        let position = Position::after(&self.settings, &self.params, &live.moves).ok().flatten();
        let awaiting = !over && self.seat.awaiting();
        let turn = match &position {
            Some(p) if !over && p.outcome().is_none() => Some(side_name(p.turn())),
            _ => None,
        };
        let status = if over {
            "over"
        } else if self.game == GameId::Tron {
            "playing"
        } else if awaiting {
            "your_turn"
        } else if position.is_some() && turn.is_none() {
            // Decided by the last move; the result comes once the bots are stopped.
            "ending"
        } else {
            "bot_thinking"
        };
        let legal_moves = match (&position, awaiting) {
            (Some(p), true) => p.legal_moves(),
            _ => Vec::new(),
        };
        View {
            id: self.id,
            contest: self.contest.clone(),
            game: self.game,
            status,
            seat: side_name(self.human),
            turn,
            opponent: self.opponent.clone(),
            settings: crate::db::contests::stored(&self.settings),
            params: self.params.to_value(),
            moves: live.moves.clone(),
            frames,
            legal_moves,
            bot_think_ms: live.bot_think.as_millis() as u64,
            bot_thinking_ms: live.bot_since.filter(|_| !over).map(|t| t.elapsed().as_millis() as u64),
            move_ms: self.move_ms,
            patience_ms: self.patience.as_millis() as u64,
            result: live.result.clone(),
            log: live.log.clone(),
            lines: live.lines.clone(),
        }
    }

    /// Plays the person's move (`text` in the game's notation; tron: a direction, `+X`).
    /// Returns once the bot has answered, the game is over, or `wait` has passed.
    pub async fn play(&self, text: &str, wait: Duration) -> Result<View, PracticeError> {
        let text = text.trim_end_matches(['\r', '\n']);
        if self.game == GameId::Tron {
            text.parse::<Dir>().map_err(|_| PracticeError::NotADirection(text.to_string()))?;
            self.seat.say(text)?;
            self.note_move();
            return Ok(self.view());
        }
        let mut changes = self.subscribe();
        {
            let live = self.live();
            if live.is_over() {
                return Err(SeatError::Over.into());
            }
            if !self.seat.awaiting() {
                return Err(SeatError::NotYourTurn.into());
            }
            let position = Position::after(&self.settings, &self.params, &live.moves)
                .map_err(anyhow::Error::new)?
                .ok_or_else(|| anyhow::anyhow!("not a turn game"))?;
            if let Some(refused) = position.refusal(text) {
                return Err(PracticeError::IllegalMove(refused));
            }
        }
        self.seat.answer(text)?;
        self.note_move();
        {
            let mut live = self.live();
            live.bot_since = Some(Instant::now());
        }
        self.changed();
        // Until the person is asked again, or the game is over (with its result).
        let until = tokio::time::Instant::now() + wait;
        loop {
            {
                let live = self.live();
                if live.is_over() || self.seat.awaiting() {
                    break;
                }
            }
            if tokio::time::timeout_at(until, changes.changed()).await.is_err() {
                break;
            }
        }
        Ok(self.view())
    }

    fn note_move(&self) {
        self.human_moved.store(true, std::sync::atomic::Ordering::SeqCst);
    }

    /// Whether the person has made a move in this game.
    pub fn human_moved(&self) -> bool {
        self.human_moved.load(std::sync::atomic::Ordering::SeqCst)
    }

    /// The person leaves the game: it ends as if their program had exited.
    pub fn leave(&self) {
        self.seat.leave();
        self.changed();
    }
}

pub(super) fn side_name(side: Side) -> &'static str {
    match side {
        Side::First => "first",
        Side::Second => "second",
    }
}

/// Follows the table for the game's page: moves, and whose clock runs.
struct Follow {
    game: Arc<Game>,
}

impl Watcher for Follow {
    fn moved(&mut self, record: &serde_json::Value) {
        {
            let mut live = self.game.live();
            live.moves.push(record.clone());
            if let Some(since) = live.bot_since.take() {
                live.bot_think += since.elapsed();
            }
        }
        self.game.changed();
    }

    fn said(&mut self, entry: &crate::judge::log::LogEntry) {
        if !self.game.bot_is_theirs || entry.bot == Some(BotId::A) {
            return;
        }
        {
            let mut live = self.game.live();
            let line = serde_json::json!({ "channel": entry.channel, "move": entry.at_move.unwrap_or(live.moves.len()), "text": entry.text });
            live.lines.push(line);
        }
        self.game.changed();
    }

    fn prompted(&mut self, side: Side, expect: &'static str) {
        if side == self.game.human {
            self.game.seat.prompted(expect);
        } else if expect == "a move" {
            self.game.live().bot_since = Some(Instant::now());
        }
        self.game.changed();
    }
}

/// Plays the game on this thread; the result and transcript go into `game`.
#[allow(clippy::too_many_arguments)]
pub(super) fn run(
    game: &Arc<Game>,
    launcher: &dyn Launcher,
    human_command: BotCommand,
    entrant: &Entrant,
    settings: Settings,
    plan: GamePlan,
    languages: &Languages,
    house_exe: &std::path::Path,
) -> anyhow::Result<()> {
    // Its directory lives as long as `bots`: through the game.
    let mut bots = crate::service::bots::Unpacked::default();
    let bot = bots.command(entrant, game.game, &settings, languages, house_exe)?;
    let spec =
        MatchSpec { game: game.game, settings, bots: [human_command, bot], seed: plan.seed, cpus: None };
    let seated = WithHuman { inner: launcher, slot: game.human.index(), seat: game.seat.clone() };
    let (human, patience) = (game.human, game.patience);
    let follow = Box::new(Follow { game: game.clone() });
    let (result, log) = play_game_with(&spec, &plan, &seated, |table| {
        table.set_patience(human, patience);
        table.watch(follow);
    });
    // The bot's own output is the person's to read only when the bot is theirs or the house's.
    let text = if game.bot_is_theirs { log.to_text() } else { log.to_text_for(Some(BotId::A)) };
    let mut live = game.live();
    live.moves = result.moves.clone();
    live.result = Some(result);
    live.log = Some(text);
    Ok(())
}
