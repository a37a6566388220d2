//! Practice games: a person against a bot, move by move, in the browser or through the API.
//!
//! The bot is judged exactly as in a round robin — the same launcher (the sandbox), limits,
//! protocol driver and transcript — and the person sits at the other side of the table
//! ([`crate::judge::human`]), with the server-wide patience per move instead of the contest's
//! move time. Games run on threads of their own, at most [`PracticeConfig::max_games`] at once on
//! the server and one per person; each uses its own launcher slot (its own sandbox user ids). A
//! game lives in this process while it is played, and for [`KEEP_FINISHED`] after it ends; once
//! over it is also stored (`db::practice`), so its player can replay it and read its log later
//! (from any server process), like any game — unless the person never made a move (an abandoned
//! game is not kept). It never reaches the standings.
//!
//! Stored work is bounded: a person starts at most [`PracticeConfig::per_hour`] games an hour
//! (counted in the database, so across server processes), and stored games are deleted
//! [`PracticeConfig::keep_days`] after they ended, by [`prune`] (the server runs it every hour).
//!
//! This file holds the service itself ([`Practice`]: starting, finding and listing games, the
//! launcher slots), its limits and its errors, and who may be played; a game being played is
//! `playing.rs`'s, a game once over `stored.rs`'s.

mod playing;
mod stored;

pub use playing::{Game, View};
pub use stored::{prune, Found};

use crate::db::contests::{self, Contest};
use crate::db::games::Side as Entrant;
use crate::db::ids::{ContestId, SubmissionId, UserId};
use crate::db::submissions;
use crate::games::settings::{BoardSize, Settings};
use crate::games::{GameId, HouseLevel, Side};
use crate::judge::human::{HumanSeat, SeatError, SeatKind};
use crate::judge::languages::Languages;
use crate::judge::launch::Launcher;
use crate::judge::matches::GamePlan;
use crate::judge::result::BotId;
use crate::judge::BotCommand;
use playing::{run, Live};
use sqlx::PgPool;
use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex, MutexGuard, OnceLock};
use std::time::{Duration, Instant};
use stored::{store, stored_view};
use tokio::sync::watch;
use uuid::Uuid;

/// How long a finished game stays available to its player.
pub const KEEP_FINISHED: Duration = Duration::from_secs(3600);

/// The server-wide limits of practice games.
#[derive(Clone, Debug)]
pub struct PracticeConfig {
    /// Practice games at once on this server.
    pub max_games: usize,
    /// How long a person may take over a move before they forfeit (`move_timeout`).
    pub patience: Duration,
    /// Practice games a person may start in an hour (`--practice-games-per-hour`).
    pub per_hour: u32,
    /// Days a stored practice game is kept after it ended; 0 keeps them (`--practice-keep-days`).
    pub keep_days: u32,
}

impl PracticeConfig {
    /// The server's settings (`--practice-games`, `--practice-idle-seconds`).
    pub fn of(web: &crate::config::WebConfig) -> PracticeConfig {
        PracticeConfig {
            max_games: web.practice_games,
            patience: Duration::from_secs(web.practice_idle_seconds),
            per_hour: web.practice_games_per_hour,
            keep_days: web.practice_keep_days,
        }
    }
}

impl Default for PracticeConfig {
    fn default() -> Self {
        let web = crate::config::WebConfig::default();
        PracticeConfig {
            max_games: 4,
            patience: Duration::from_secs(300),
            per_hour: web.practice_games_per_hour,
            keep_days: web.practice_keep_days,
        }
    }
}

/// Builds the launcher of practice slot `n` (each slot its own sandbox user ids).
pub type SlotLaunchers = Arc<dyn Fn(usize) -> anyhow::Result<Arc<dyn Launcher>> + Send + Sync>;

/// What running bots needs, given by `serve` (or a test) once it has made its launchers.
pub struct Runtime {
    pub launchers: SlotLaunchers,
    /// The binary whose `house` command plays house bots.
    pub house_exe: PathBuf,
}

/// Who a person plays against.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Opponent {
    House(HouseLevel),
    Submission(SubmissionId),
}

impl Opponent {
    /// An opponent as JSON: `"house:level1"`, or a submission id as a number or a string.
    pub fn from_json(v: &serde_json::Value) -> Result<Opponent, PracticeError> {
        match v {
            serde_json::Value::String(s) => Opponent::parse(s),
            serde_json::Value::Number(n) => Opponent::parse(&n.to_string()),
            other => Err(PracticeError::UnknownOpponent(other.to_string())),
        }
    }

    /// `house:<level>` or a submission id.
    pub fn parse(text: &str) -> Result<Opponent, PracticeError> {
        if let Some(level) = text.strip_prefix("house:") {
            return level.parse().map(Opponent::House).map_err(|_: crate::games::UnknownHouseLevel| {
                PracticeError::UnknownHouseLevel(level.to_string())
            });
        }
        text.trim()
            .parse::<i64>()
            .map(|id| Opponent::Submission(SubmissionId(id)))
            .map_err(|_| PracticeError::UnknownOpponent(text.to_string()))
    }
}

/// Which opponents a contest lets its students practise against (`practice_opponents`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Allowed {
    pub house: bool,
    pub own: bool,
    pub all: bool,
}

impl Allowed {
    /// From the contest's `practice_opponents`.
    pub fn of(contest: &Contest) -> Allowed {
        let has = |w: &str| contest.practice_opponents.split(',').any(|x| x.trim() == w);
        Allowed { house: has("house"), own: has("own"), all: has("all") }
    }

    /// Whether a house bot (`house`), one's own submission (`own`) or another student's may be
    /// played; if not, what the contest keeps its students from (practice games and test matches).
    pub fn check(self, house: bool, own: bool) -> Result<(), Kept> {
        let (ok, what) = if house {
            (self.house, Kept::House)
        } else if own {
            (self.own || self.all, Kept::Own)
        } else {
            (self.all, Kept::Others)
        };
        if ok {
            Ok(())
        } else {
            Err(what)
        }
    }
}

/// The opponents a contest may keep its students from (practice games and test matches).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Kept {
    #[error("house bots")]
    House,
    #[error("your own submission")]
    Own,
    #[error("other students' submissions")]
    Others,
}

/// Why a practice request was refused. Each variant carries what the web needs to say it in the
/// reader's language (`web::error`); `Display` is English, for logs and commands.
#[derive(Debug, thiserror::Error)]
pub enum PracticeError {
    #[error("no such contest or game")]
    NotFound,
    /// `opponent` is neither `house:<level>` nor a submission id (the text given).
    #[error("unknown opponent `{0}`: an opponent is `house:<level>` ({levels}) or a submission id", levels = HouseLevel::names())]
    UnknownOpponent(String),
    #[error("unknown house bot level `{0}` (valid: {levels})", levels = HouseLevel::names())]
    UnknownHouseLevel(String),
    #[error("no current submission #{0} in this contest")]
    NoSuchOpponent(i64),
    #[error("this game is not played on a choice of boards")]
    NoBoards,
    #[error("board `{text}`: {why}")]
    BadBoard { text: String, why: String },
    #[error("unknown seat `{0}` (valid: first, second)")]
    UnknownSeat(String),
    #[error("this contest does not let you practise against {0}")]
    NotAllowed(Kept),
    #[error("you are already playing a practice game ({0}); finish or leave it first")]
    AlreadyPlaying(Uuid),
    #[error("the server is running as many practice games as it may ({0}); try again in a minute")]
    Full(usize),
    #[error("you have started {limit} practice games in the last hour, as many as this server allows; you may start another in {} minute(s)", .retry_after.div_ceil(60))]
    TooMany { limit: u32, retry_after: u64 },
    #[error("practice games are not available on this server")]
    Unavailable,
    /// tron: the text is not one of the four directions.
    #[error("`{0}` is not a direction (+X, -X, +Y, -Y)")]
    NotADirection(String),
    /// The move is malformed or breaks a rule (which, typed: the web says it in the reader's
    /// language).
    #[error("{0}")]
    IllegalMove(crate::games::position::Refused),
    #[error("{0}")]
    Seat(#[from] SeatError),
    #[error(transparent)]
    Db(#[from] sqlx::Error),
    #[error(transparent)]
    Other(#[from] anyhow::Error),
}

/// The practice games of this server.
pub struct Practice {
    pool: PgPool,
    languages: Arc<Languages>,
    pub config: PracticeConfig,
    runtime: OnceLock<Runtime>,
    games: Mutex<HashMap<Uuid, Arc<Game>>>,
    slots: Mutex<Vec<Slot>>,
}

/// A launcher slot: whether a game uses it, and its launcher once made.
type Slot = (bool, Option<Arc<dyn Launcher>>);

/// A claimed launcher slot, given back when dropped.
struct SlotLease {
    practice: Arc<Practice>,
    index: usize,
}

impl Drop for SlotLease {
    fn drop(&mut self) {
        if let Some(slot) = self.practice.slots().get_mut(self.index) {
            slot.0 = false;
        }
    }
}

impl Practice {
    pub fn new(pool: PgPool, languages: Arc<Languages>, config: PracticeConfig) -> Practice {
        let slots = (0..config.max_games).map(|_| (false, None)).collect();
        Practice {
            pool,
            languages,
            config,
            runtime: OnceLock::new(),
            games: Mutex::new(HashMap::new()),
            slots: Mutex::new(slots),
        }
    }

    /// Lets this server run practice games (once; later calls are ignored).
    pub fn enable(&self, runtime: Runtime) {
        let _ = self.runtime.set(runtime);
    }

    fn games(&self) -> MutexGuard<'_, HashMap<Uuid, Arc<Game>>> {
        self.games.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn slots(&self) -> MutexGuard<'_, Vec<Slot>> {
        self.slots.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The game `id` if `user` plays it (or played it, within [`KEEP_FINISHED`]) on this server.
    pub fn get(&self, id: Uuid, user: UserId) -> Result<Arc<Game>, PracticeError> {
        self.games().get(&id).filter(|g| g.user == user).cloned().ok_or(PracticeError::NotFound)
    }

    /// The game `id` of `user`: being played here, or over and stored (by any server).
    pub async fn find(&self, id: Uuid, user: UserId) -> Result<Found, PracticeError> {
        if let Ok(game) = self.get(id, user) {
            return Ok(Found::Live(game));
        }
        let mut conn = self.pool.acquire().await?;
        let (stored, slug, game) =
            crate::db::practice::by_id(&mut conn, id, user).await?.ok_or(PracticeError::NotFound)?;
        Ok(Found::Stored(Box::new(stored_view(stored, slug, game, self.config.patience)?)))
    }

    /// The user's last practice games of a contest, newest first.
    pub async fn recent(
        &self,
        contest: ContestId,
        user: UserId,
    ) -> sqlx::Result<Vec<crate::db::practice::Listed>> {
        crate::db::practice::of_user(&mut *self.pool.acquire().await?, contest, user, 20).await
    }

    /// Practice games being played now on this server.
    pub fn running(&self) -> usize {
        self.games().values().filter(|g| !g.is_over()).count()
    }

    /// Starts a game of `user` in contest `slug` against `opponent`, the person in `seat`, on
    /// `board` (a board of the game's form, e.g. `20x12x300`; the contest's first by default).
    pub async fn start(
        self: &Arc<Self>,
        user: UserId,
        slug: &str,
        opponent: Opponent,
        seat: Side,
        board: Option<&str>,
    ) -> Result<Arc<Game>, PracticeError> {
        let runtime = self.runtime.get().ok_or(PracticeError::Unavailable)?;
        let mut conn = self.pool.acquire().await?;
        let contest = contests::by_slug(&mut conn, slug).await?.ok_or(PracticeError::NotFound)?;
        let settings = contest.settings.clone();
        let allowed = Allowed::of(&contest);
        let (entrant, label) = self.opponent(&mut conn, &contest, user, &opponent, allowed).await?;
        let plan_board = pick_board(&settings, board)?;
        let nickname = crate::db::users::by_id(&mut conn, user)
            .await?
            .map(|u| u.nickname.unwrap_or(u.username))
            .unwrap_or_default();
        self.forget_old();
        if let Some(id) = self.playing(user) {
            return Err(PracticeError::AlreadyPlaying(id));
        }
        // Counted (and checked) at once under a lock of the user's row; given back below if the
        // game does not start after all.
        let counted = match crate::db::practice::count_start(&mut conn, user, self.config.per_hour).await? {
            crate::db::practice::Start::Counted(id) => id,
            crate::db::practice::Start::Refused { retry_after } => {
                return Err(PracticeError::TooMany { limit: self.config.per_hour, retry_after })
            }
        };
        drop(conn);
        let started =
            self.start_counted(user, contest, entrant, label, settings, plan_board, seat, nickname, runtime);
        if started.is_err() {
            crate::db::practice::uncount_start(&mut *self.pool.acquire().await?, counted).await?;
        }
        started
    }

    /// The game `user` is playing on this server, if any.
    pub fn playing(&self, user: UserId) -> Option<Uuid> {
        self.games().values().find(|g| g.user == user && !g.is_over()).map(|g| g.id)
    }

    /// The rest of [`Practice::start`], once the start is counted.
    #[allow(clippy::too_many_arguments)]
    fn start_counted(
        self: &Arc<Self>,
        user: UserId,
        contest: Contest,
        entrant: Entrant,
        label: String,
        settings: Settings,
        plan_board: Option<BoardSize>,
        seat: Side,
        nickname: String,
        runtime: &Runtime,
    ) -> Result<Arc<Game>, PracticeError> {
        // Checked and taken under one lock: two requests at once cannot both start a game.
        let mut games = self.games();
        if let Some(g) = games.values().find(|g| g.user == user && !g.is_over()) {
            return Err(PracticeError::AlreadyPlaying(g.id));
        }
        let lease = self.lease_slot()?;
        let human = seat;
        let plan = GamePlan {
            index: 0,
            seats: if human == Side::First { [BotId::A, BotId::B] } else { [BotId::B, BotId::A] },
            board: plan_board,
            seed: rand::random::<u64>() >> 1,
        };
        let params = crate::judge::adapters::game_params(&settings, &plan);
        let version = Arc::new(watch::channel(0).0);
        let asked = version.clone();
        let game = Arc::new(Game {
            id: Uuid::new_v4(),
            user,
            contest: contest.slug.clone(),
            contest_id: contest.id,
            started_at: time::OffsetDateTime::now_utc(),
            game: contest.game,
            human,
            opponent: label,
            bot_is_theirs: entrant.house_level.is_some() || entrant.user_id == user,
            settings: settings.clone(),
            params,
            move_ms: settings.common().move_ms,
            patience: self.config.patience,
            seat: HumanSeat::new(
                match contest.game {
                    GameId::OneTwoThree => SeatKind::PerMove,
                    GameId::Tron => SeatKind::RealTime,
                    _ => SeatKind::Persistent,
                },
                move || asked.send_modify(|v| *v += 1),
            ),
            human_moved: Default::default(),
            live: Mutex::new(Live::default()),
            version,
        });
        games.insert(game.id, game.clone());
        drop(games);
        let played = game.clone();
        let (languages, house_exe) = (self.languages.clone(), runtime.house_exe.clone());
        let human_command = BotCommand { label: format!("{nickname} (you)"), ..Default::default() };
        let (runtime_handle, pool) = (tokio::runtime::Handle::current(), self.pool.clone());
        let spawned = std::thread::Builder::new().name("practice".into()).spawn(move || {
            let outcome = lease.practice.slot_launcher(lease.index).and_then(|launcher| {
                run(
                    &played,
                    launcher.as_ref(),
                    human_command,
                    &entrant,
                    settings,
                    plan,
                    &languages,
                    &house_exe,
                )
            });
            if let Err(e) = outcome {
                tracing::error!(game = %played.id, "practice game failed: {e:#}");
                played.live().log = Some(format!("the game could not be played: {e:#}"));
            }
            played.seat.leave();
            // A game the person made no move in is abandoned: kept in memory for its page a
            // while ([`KEEP_FINISHED`]), never stored.
            if played.human_moved() {
                if let Err(e) = runtime_handle.block_on(store(&pool, &played)) {
                    tracing::error!(game = %played.id, "could not store the practice game: {e:#}");
                }
            }
            played.live().ended_at = Some(Instant::now());
            played.changed();
            drop(lease);
        });
        if let Err(e) = spawned {
            self.games().remove(&game.id);
            return Err(anyhow::Error::from(e).into());
        }
        Ok(game)
    }

    /// The opponent's entrant and label, if the contest allows it.
    async fn opponent(
        &self,
        conn: &mut sqlx::PgConnection,
        contest: &Contest,
        user: UserId,
        opponent: &Opponent,
        allowed: Allowed,
    ) -> Result<(Entrant, String), PracticeError> {
        let not_allowed = PracticeError::NotAllowed;
        match opponent {
            Opponent::House(level) => {
                allowed.check(true, false).map_err(not_allowed)?;
                let label = format!("house:{level}");
                let entrant = Entrant {
                    submission_id: SubmissionId(0),
                    user_id: UserId(0),
                    nickname: label.clone(),
                    language: String::new(),
                    compiled_at: None,
                    artifact: None,
                    house_level: Some(level.to_string()),
                };
                Ok((entrant, label))
            }
            Opponent::Submission(id) => {
                let missing = || PracticeError::NoSuchOpponent(id.0);
                let sub = submissions::by_id(conn, *id).await?.ok_or_else(missing)?;
                if sub.contest_id != contest.id || sub.status != submissions::Status::Ready {
                    return Err(missing());
                }
                let entrant = crate::db::games::side(conn, *id).await?.ok_or_else(missing)?;
                allowed.check(entrant.house_level.is_some(), sub.user_id == user).map_err(not_allowed)?;
                let label = format!("{} (#{})", entrant.nickname, id.0);
                Ok((entrant, label))
            }
        }
    }

    /// The current submission of `user` in the contest, as an opponent.
    pub async fn own_submission(
        &self,
        contest: ContestId,
        user: UserId,
    ) -> sqlx::Result<Option<SubmissionId>> {
        submissions::current_of(&mut *self.pool.acquire().await?, contest, user).await
    }

    fn lease_slot(self: &Arc<Self>) -> Result<SlotLease, PracticeError> {
        if self.config.max_games == 0 {
            return Err(PracticeError::Unavailable);
        }
        let mut slots = self.slots();
        let index = slots.iter().position(|s| !s.0).ok_or(PracticeError::Full(self.config.max_games))?;
        slots[index].0 = true;
        Ok(SlotLease { practice: self.clone(), index })
    }

    /// The launcher of a leased slot, made at its first use (a sandbox probes the host then).
    fn slot_launcher(&self, index: usize) -> anyhow::Result<Arc<dyn Launcher>> {
        let runtime = self.runtime.get().ok_or(PracticeError::Unavailable)?;
        if let Some(l) = &self.slots()[index].1 {
            return Ok(l.clone());
        }
        let launcher = (runtime.launchers)(index)?;
        self.slots()[index].1 = Some(launcher.clone());
        Ok(launcher)
    }

    /// Drops games that ended more than [`KEEP_FINISHED`] ago.
    fn forget_old(&self) {
        self.games().retain(|_, g| g.live().ended_at.is_none_or(|t| t.elapsed() < KEEP_FINISHED));
    }
}

/// The board of a practice game: `wanted` (checked against the game's board form) or the
/// contest's first.
fn pick_board(settings: &Settings, wanted: Option<&str>) -> Result<Option<BoardSize>, PracticeError> {
    match wanted {
        None => Ok(settings.boards().first().copied()),
        Some(_) if settings.boards().is_empty() => Err(PracticeError::NoBoards),
        Some(text) => {
            let mut trial = settings.clone();
            trial
                .set("boards", text)
                .map_err(|e| PracticeError::BadBoard { text: text.to_string(), why: e.to_string() })?;
            Ok(trial.boards().first().copied())
        }
    }
}
