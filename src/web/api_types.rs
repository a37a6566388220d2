//! The JSON the API answers and accepts, one type per body (`docs/api.md` describes them). The
//! handlers build these and nothing else, so the wire format is what these types say; their
//! schemas (with the handlers' `#[utoipa::path]`) make the OpenAPI document served at
//! `GET /api/openapi.json`, guarded by the snapshot test `tests/openapi.rs`.
//!
//! Times are RFC 3339 (`time::serde::rfc3339`).

use crate::db::games::GameStatus;
use crate::db::ids::{GameRecordId, MatchId, SubmissionId};
use crate::db::scoreboard::ScoreRow;
use crate::db::submissions::Status;
use crate::games::frames::Frames;
use crate::judge::result::GameResult;
use serde::{Deserialize, Serialize, Serializer};
use serde_json::Value;
use time::OffsetDateTime;
use utoipa::ToSchema;

/// Every error: a machine code and a message for a person.
#[derive(Debug, Serialize, ToSchema)]
pub struct ErrorBody {
    /// `bad_json`, `unauthorized`, `not_found`, `rate_limited`, ... (see `docs/api.md`).
    pub error: &'static str,
    /// What went wrong, for a person.
    pub message: String,
}

/// A contest as listed.
#[derive(Debug, Serialize, ToSchema)]
pub struct ContestSummary {
    /// The contest's short name, used in its paths.
    pub slug: String,
    pub title: String,
    /// The game id: `checkers`, `connect4`, `one-two-three`, `mathtricks` or `tron`.
    pub game: String,
    /// When submissions close; `null` when they never do.
    #[serde(with = "time::serde::rfc3339::option")]
    pub deadline: Option<OffsetDateTime>,
    /// Whether submissions are still accepted (`false` once the deadline has passed).
    pub open: bool,
}

/// A language a contest accepts.
#[derive(Debug, Serialize, ToSchema)]
pub struct LanguageInfo {
    /// The id to submit with (`c`, `cpp`, `rust`, `python`, `java`, ...).
    pub id: String,
    /// Its name and compiler, for people.
    pub name: String,
    /// Why it cannot be used on this server (its compiler or runtime is not installed, with the
    /// package that provides it); submitting in it is refused with `language_unavailable`.
    /// Absent when it can.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unavailable: Option<String>,
}

/// The platform settings of a contest (see `docs/settings.md`).
#[derive(Debug, Serialize, ToSchema)]
pub struct Limits {
    /// Seconds a user waits between two submissions.
    pub submit_interval_s: i32,
    /// Seconds of bots' thinking time a user may use per day (UTC).
    pub daily_budget_s: i32,
    /// Seconds between two recomputations of the scoreboard.
    pub scoreboard_refresh_s: i32,
    /// The largest source accepted, in bytes.
    pub max_source_bytes: usize,
    /// House-bot levels playing as extra opponents.
    pub house_bots: Vec<String>,
    /// Who students may play practice games against: `house`, `own`, `all`.
    pub practice_opponents: Vec<String>,
    /// How the contest is played: `round_robin` (a match per pair of submissions) or `ladder`
    /// (matches chosen by a matchmaker, ranked by the rating `mu - 3 sigma`).
    pub format: String,
    /// A ladder's games per hour at most (kept, unused, by a round robin).
    pub ladder_games_per_hour: i32,
    /// A ladder's matches between the same two submissions at most (kept, unused, by a round robin).
    pub ladder_max_repeats: i32,
}

/// One contest with its languages, game settings and limits.
#[derive(Debug, Serialize, ToSchema)]
pub struct ContestDetail {
    #[serde(flatten)]
    pub contest: ContestSummary,
    /// The languages enabled for the contest.
    pub languages: Vec<LanguageInfo>,
    /// The game settings by name (see `docs/settings.md`).
    #[schema(value_type = Object)]
    pub settings: Value,
    pub limits: Limits,
}

/// The platform settings as `PATCH …/settings` answers them (no `max_source_bytes`, a server setting).
#[derive(Debug, Serialize, ToSchema)]
pub struct ContestLimits {
    pub submit_interval_s: i32,
    pub daily_budget_s: i32,
    pub scoreboard_refresh_s: i32,
    pub house_bots: Vec<String>,
    pub practice_opponents: Vec<String>,
    pub format: String,
    pub ladder_games_per_hour: i32,
    pub ladder_max_repeats: i32,
}

/// The contest after a settings change: its languages as plain ids.
#[derive(Debug, Serialize, ToSchema)]
pub struct ContestSettings {
    #[serde(flatten)]
    pub contest: ContestSummary,
    /// The settings by name.
    #[schema(value_type = Object)]
    pub settings: Value,
    /// The ids of the enabled languages.
    pub languages: Vec<String>,
    pub limits: ContestLimits,
}

/// The body of `POST /api/contests/{slug}/submissions`.
#[derive(Debug, Deserialize, ToSchema)]
pub struct SubmissionBody {
    /// One of the contest's language ids.
    pub language: String,
    /// The source code, as text.
    pub source: String,
}

/// A submission just queued.
#[derive(Debug, Serialize, ToSchema)]
pub struct SubmissionCreated {
    #[schema(value_type = i64)]
    pub id: SubmissionId,
    /// Always `queued`.
    pub status: Status,
}

/// The validity tests' report of a one-two-three submission (as stored in `submissions.validity`).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
pub struct ValidityReport {
    /// Test cases passed.
    #[serde(default)]
    pub passed: u64,
    /// Test cases run.
    #[serde(default)]
    pub total: u64,
    /// `full` above 80 %, `half` from 50 %, else `none`.
    #[serde(default)]
    pub score: String,
    /// The first few failed cases: what each was about and why it failed.
    #[serde(default)]
    pub failures: Vec<(String, String)>,
}

/// A submission's status and compiler output.
#[derive(Debug, Serialize, ToSchema)]
pub struct SubmissionView {
    #[schema(value_type = i64)]
    pub id: SubmissionId,
    /// The contest's slug.
    pub contest: String,
    pub status: Status,
    /// The compiler's output (its message when `status` is `compile_error`).
    pub compile_log: String,
    /// The language id.
    pub language: String,
    #[serde(with = "time::serde::rfc3339")]
    pub created_at: OffsetDateTime,
    /// When it was compiled; `null` before.
    #[serde(with = "time::serde::rfc3339::option")]
    pub compiled_at: Option<OffsetDateTime>,
    /// One-two-three contests only: the validity tests' report; otherwise `null`.
    pub validity: Option<ValidityReport>,
    /// Its round robin so far: its games by status and the games of others queued ahead of its
    /// first waiting one (all zero before it plays).
    pub progress: crate::db::games::Progress,
}

/// The stored scoreboard snapshot.
#[derive(Debug, Serialize, ToSchema)]
pub struct Scoreboard {
    /// When the snapshot was computed.
    #[serde(with = "time::serde::rfc3339")]
    pub computed_at: OffsetDateTime,
    /// When the next snapshot is due at the latest (`computed_at` plus the contest's
    /// `scoreboard_refresh_s`; sooner when the contest's first match is decided or its queue of
    /// games empties, e.g. after a rejudge); `null` while the standings are frozen.
    #[serde(with = "time::serde::rfc3339::option")]
    #[schema(value_type = Option<String>)]
    pub next_refresh_at: Option<OffsetDateTime>,
    /// The standings in rank order: students first, then house bots. (The last field: the
    /// server splices the rows in after the others.)
    pub rows: Vec<ScoreRow>,
}

/// The scoreboard after a freeze or an unfreeze.
#[derive(Debug, Serialize, ToSchema)]
pub struct FrozenScoreboard {
    /// Whether the standings are frozen now.
    pub frozen: bool,
    #[serde(flatten)]
    pub scoreboard: Scoreboard,
}

/// The other side of a match.
#[derive(Debug, Serialize, ToSchema)]
pub struct Opponent {
    #[schema(value_type = i64)]
    pub submission_id: SubmissionId,
    pub nickname: String,
}

/// A match of a submission, seen from that submission.
#[derive(Debug, Serialize, ToSchema)]
pub struct MatchView {
    #[schema(value_type = i64)]
    pub id: MatchId,
    pub opponent: Opponent,
    /// The ids of its games, in order.
    #[schema(value_type = Vec<i64>)]
    pub games: Vec<GameRecordId>,
    /// The ids of its earlier games, replaced by rejudges (oldest first); they count for nothing
    /// but stay readable.
    #[schema(value_type = Vec<i64>)]
    pub replaced_games: Vec<GameRecordId>,
    pub status: GameStatus,
    /// This submission's points from the match (3, 1 or 0); `null` until it is done.
    pub points: Option<i32>,
    /// Whether the opponent's submission is still its user's current one. A match against a
    /// superseded or disqualified submission no longer counts in the standings.
    pub opponent_current: bool,
}

/// Something per bot of a match, keyed `a` / `b`.
#[derive(Debug, Serialize, ToSchema)]
pub struct Sides<T> {
    pub a: T,
    pub b: T,
}

/// A game: its result object (`docs/result-json.md`) with its replay frames once it has been
/// played, and where it belongs.
#[derive(Debug, Serialize, ToSchema)]
pub struct GameView {
    #[serde(flatten)]
    pub played: Option<Played>,
    /// The game's number in its match; here only until it has been played (then the result's).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub index: Option<i32>,
    #[schema(value_type = i64)]
    pub id: GameRecordId,
    #[schema(value_type = i64)]
    pub match_id: MatchId,
    pub status: GameStatus,
    /// The submissions playing as `a` and `b`.
    #[schema(value_type = Sides<i64>)]
    pub submissions: Sides<SubmissionId>,
    /// The settings the game is played under.
    #[schema(value_type = Object)]
    pub settings: Value,
    /// When its result was stored; `null` before.
    #[serde(with = "time::serde::rfc3339::option")]
    pub finished_at: Option<OffsetDateTime>,
    /// When a rejudge replaced the game (it then counts for nothing); `null` for a current game.
    #[serde(with = "time::serde::rfc3339::option")]
    pub replaced_at: Option<OffsetDateTime>,
    /// The game played in its place; `null` for a current game (or once pruned).
    #[schema(value_type = Option<i64>)]
    pub replaced_by: Option<GameRecordId>,
}

/// A played game's result and the positions computed from it.
#[derive(Debug, Serialize, ToSchema)]
pub struct Played {
    #[serde(flatten)]
    pub result: GameResult,
    /// The start position and the position after every move, in the game's drawing format
    /// (`docs/replay-frames.md`); empty when the game's rules are unknown.
    #[serde(serialize_with = "frames_or_empty")]
    #[schema(value_type = Vec<Object>)]
    pub frames: Option<Frames>,
}

fn frames_or_empty<S: Serializer>(frames: &Option<Frames>, s: S) -> Result<S::Ok, S::Error> {
    match frames {
        Some(f) => f.serialize(s),
        None => s.collect_seq(std::iter::empty::<()>()),
    }
}

/// The body of `POST /api/contests/{slug}/finals`.
#[derive(Debug, Deserialize, ToSchema)]
pub struct FinalsBody {
    /// How many of the top students of the standings play the finals (2 to 100; fewer when the
    /// contest has fewer).
    pub top: usize,
    /// The game settings of the finals that differ from the contest's, by name (e.g.
    /// `{"games": 10}`); values as text or numbers. Game settings only.
    #[serde(default)]
    #[schema(value_type = Object)]
    pub settings: serde_json::Map<String, Value>,
}

/// A contest's finals: a round robin among the top students of its standings, whose result is
/// the contest's final standings.
#[derive(Debug, Serialize, ToSchema)]
pub struct FinalsView {
    /// When an admin started them (RFC 3339).
    #[serde(with = "time::serde::rfc3339")]
    #[schema(value_type = String)]
    pub started_at: OffsetDateTime,
    /// The finalists.
    pub top: i32,
    /// The finals' game settings by name.
    #[schema(value_type = Object)]
    pub settings: Value,
    /// Final matches in all, and those not over yet (0: the standings are final).
    pub matches: i64,
    pub unfinished: i64,
    /// The finalists in rank order, by points over their decided final matches (the shape of
    /// the scoreboard's rows).
    pub rows: Vec<ScoreRow>,
}

impl From<crate::service::finals::Standings> for FinalsView {
    fn from(s: crate::service::finals::Standings) -> FinalsView {
        FinalsView {
            started_at: s.started_at,
            top: s.top_k,
            settings: s.settings,
            matches: s.matches,
            unfinished: s.unfinished,
            rows: s.rows,
        }
    }
}

/// What a rejudge replays.
#[derive(Debug, Serialize, ToSchema)]
pub struct Rejudged {
    /// Matches given fresh games.
    pub matches: usize,
    /// Games queued.
    pub games: usize,
}

/// A submission just disqualified.
#[derive(Debug, Serialize, ToSchema)]
pub struct Disqualified {
    #[schema(value_type = i64)]
    pub id: SubmissionId,
    /// The contest's slug.
    pub contest: String,
    /// Always `disqualified`.
    pub status: Status,
}

/// Jobs of one queue by state.
#[derive(Clone, Copy, Debug, Default, Serialize, ToSchema)]
pub struct Counts {
    pub queued: i64,
    pub running: i64,
    pub done: i64,
    /// Compiles: compile errors; games: given up after their attempts.
    pub failed: i64,
    /// Games only: dropped with a superseded or disqualified submission.
    pub cancelled: i64,
}

/// A running or failed game on the queue.
#[derive(Debug, Serialize, ToSchema)]
pub struct QueuedGame {
    #[schema(value_type = i64)]
    pub id: GameRecordId,
    /// The contest's slug.
    pub contest: String,
    /// The two players' nicknames.
    pub players: String,
    /// The worker holding (or last holding) its lease.
    pub worker: Option<String>,
    pub attempts: i32,
    #[serde(with = "time::serde::rfc3339::option")]
    pub started_at: Option<OffsetDateTime>,
    #[serde(with = "time::serde::rfc3339::option")]
    pub lease_until: Option<OffsetDateTime>,
    /// Why its last attempt failed.
    pub failure: Option<String>,
}

/// A game worker process, from its heartbeats.
#[derive(Debug, Serialize, ToSchema)]
pub struct WorkerView {
    pub id: String,
    #[serde(with = "time::serde::rfc3339")]
    pub last_heartbeat: OffsetDateTime,
    /// Games it holds the lease of.
    pub running: i64,
    /// No heartbeat for over a minute.
    pub stale: bool,
}

/// The compile and game queues, running and failed games, and the workers.
#[derive(Debug, Serialize, ToSchema)]
pub struct QueueView {
    pub compile: Counts,
    pub games: Counts,
    pub running: Vec<QueuedGame>,
    pub failed: Vec<QueuedGame>,
    pub workers: Vec<WorkerView>,
    /// The contests with games in the queue, in the order the next free slot serves them.
    pub contests: Vec<ContestShare>,
}

/// A contest's place in the game slots' fair share: contests with queued games share the slots
/// by the slot time their games use, in proportion to their `share` setting.
#[derive(Debug, Serialize, ToSchema)]
pub struct ContestShare {
    /// The contest's slug.
    pub contest: String,
    pub share: f32,
    /// Its part of the slots while every contest listed has games queued (0 to 1).
    pub fraction: f64,
    pub queued: i64,
    pub running: i64,
    /// Seconds its oldest queued game has waited.
    pub oldest_wait_s: f64,
    /// Slot seconds its finished games took.
    pub slot_seconds_used: f64,
}

/// The body of `POST /api/tokens`.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct TokenBody {
    /// A name to tell the token apart (optional; cut to 100 characters).
    #[serde(default)]
    pub name: String,
}

/// A token, without its secret.
#[derive(Debug, Serialize, ToSchema)]
pub struct TokenView {
    pub id: i64,
    pub name: String,
    #[serde(with = "time::serde::rfc3339")]
    pub created_at: OffsetDateTime,
    /// `null` until it is first used.
    #[serde(with = "time::serde::rfc3339::option")]
    pub last_used_at: Option<OffsetDateTime>,
}

/// A token just created: the only time its secret is shown.
#[derive(Debug, Serialize, ToSchema)]
pub struct NewToken {
    pub id: i64,
    pub name: String,
    /// The secret, for `Authorization: Bearer …`.
    pub token: String,
}

/// The body of `POST /api/contests/{slug}/practice`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PracticeBody {
    /// `house:random`, `house:level1`, `house:level2`, or a submission id (a number).
    #[schema(value_type = Object)]
    pub opponent: Value,
    /// `first` (the default) or `second`.
    pub seat: Option<String>,
    /// A board of the game's form (`8x8`, `20x12x300`); the contest's first board by default.
    pub board: Option<String>,
}

/// A practice game just started.
#[derive(Debug, Serialize, ToSchema)]
pub struct PracticeCreated {
    #[schema(value_type = String)]
    pub id: uuid::Uuid,
}

/// The body of `POST /api/practice/{id}/moves`, and a message on its WebSocket.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct PracticeMove {
    /// The move in the game's own notation, as a bot prints it (tron: a direction, `+X`).
    #[serde(rename = "move")]
    pub r#move: String,
}

/// The body of `POST /api/contests/{slug}/test-matches`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct TestMatchBody {
    /// `house:random`, `house:level1`, `house:level2`, or a submission id (a number): one of your
    /// own compiled submissions, or another student's current one where the contest allows it.
    #[schema(value_type = Object)]
    pub opponent: Value,
}

/// A test match just queued.
#[derive(Debug, Serialize, ToSchema)]
pub struct TestMatchCreated {
    #[schema(value_type = i64)]
    pub id: MatchId,
}

/// A test match: the caller's current submission (when it was asked for) against an opponent.
#[derive(Debug, Serialize, ToSchema)]
pub struct TestMatchView {
    #[schema(value_type = i64)]
    pub id: MatchId,
    /// The contest's slug.
    pub contest: String,
    /// `queued`, `running`, `done`, or `failed` (the judge could not play a game; an admin's
    /// rejudge does not replay test matches: ask for another).
    pub status: GameStatus,
    /// The submission that played (side `a` of every game).
    #[schema(value_type = i64)]
    pub submission_id: SubmissionId,
    pub opponent: Opponent,
    /// The ids of its games, in order.
    #[schema(value_type = Vec<i64>)]
    pub games: Vec<GameRecordId>,
    /// Your points from the match (3 win, 1 draw, 0 loss, by games won); `null` until done.
    pub points: Option<i32>,
    pub games_won: Option<i32>,
    pub games_lost: Option<i32>,
    pub games_drawn: Option<i32>,
    #[serde(with = "time::serde::rfc3339")]
    #[schema(value_type = String)]
    pub created_at: OffsetDateTime,
    #[serde(with = "time::serde::rfc3339::option")]
    #[schema(value_type = Option<String>)]
    pub finished_at: Option<OffsetDateTime>,
}

/// The head-to-head matrix of the stored scoreboard snapshot.
#[derive(Debug, Serialize, ToSchema)]
pub struct Matrix {
    /// The snapshot's time: the matrix holds the matches decided by then.
    #[serde(with = "time::serde::rfc3339")]
    #[schema(value_type = String)]
    pub computed_at: OffsetDateTime,
    /// The snapshot's entrants in its order: students by rank, then house bots.
    pub entrants: Vec<MatrixEntrant>,
    /// `cells[i][j]`: entrant `i`'s points against entrant `j` (3 win, 1 draw, 0 loss, by games
    /// won) with the match; `null` on the diagonal and for a match not decided by then.
    pub cells: Vec<Vec<Option<MatrixCell>>>,
}

/// An entrant of the matrix.
#[derive(Debug, Serialize, ToSchema)]
pub struct MatrixEntrant {
    #[schema(value_type = i64)]
    pub submission_id: SubmissionId,
    pub nickname: String,
    pub rank: u64,
    pub house: bool,
}

/// One pairing of the matrix, seen from its row's entrant.
#[derive(Clone, Copy, Debug, Serialize, ToSchema)]
pub struct MatrixCell {
    #[schema(value_type = i64)]
    pub match_id: MatchId,
    pub points: i32,
}

/// A user's rank and points in every scoreboard snapshot so far, oldest first.
#[derive(Debug, Serialize, ToSchema)]
pub struct History {
    pub snapshots: Vec<crate::db::scoreboard::HistoryPoint>,
}

/// The body of `POST /api/contests/{slug}/announcements`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct AnnouncementBody {
    /// Markdown (raw HTML is shown as text).
    pub body: String,
}

/// An announcement just posted.
#[derive(Debug, Serialize, ToSchema)]
pub struct AnnouncementCreated {
    pub id: i64,
}

/// An announcement of a contest.
#[derive(Debug, Serialize, ToSchema)]
pub struct AnnouncementView {
    pub id: i64,
    /// Its author's shown name (`null` once their account is deleted).
    pub author: Option<String>,
    /// The Markdown as posted, and as HTML.
    pub body: String,
    pub html: String,
    #[serde(with = "time::serde::rfc3339")]
    #[schema(value_type = String)]
    pub created_at: OffsetDateTime,
    /// Posted since the caller last opened the contest's page.
    pub unread: bool,
}

/// `GET /api/contests/{slug}/similarity`: how much of the contest is indexed, and its pairs of
/// similar submissions of different users, most similar first.
#[derive(Debug, Serialize, ToSchema)]
pub struct SimilarityView {
    /// Submissions indexed so far (each is indexed when its compile ends).
    pub indexed: i64,
    /// Submissions of the contest (house bots left out).
    pub submissions: i64,
    pub pairs: Vec<SimilarityPair>,
}

/// Two submissions of different users and how alike they are, base code left out.
#[derive(Debug, Serialize, ToSchema)]
pub struct SimilarityPair {
    pub a: SimilaritySide,
    pub b: SimilaritySide,
    /// The larger of the two shares of a side's fingerprints found in the other, 0 to 1.
    pub similarity: f64,
    /// Fingerprints (winnowed token 12-grams) the two share.
    pub shared: i32,
    /// The longest run of tokens the two share.
    pub longest_run: i32,
}

/// One submission of a similar pair.
#[derive(Debug, Serialize, ToSchema)]
pub struct SimilaritySide {
    #[schema(value_type = i64)]
    pub submission_id: SubmissionId,
    pub username: String,
    pub language: String,
    /// Whether it is its user's current submission (the one that plays).
    pub current: bool,
}
