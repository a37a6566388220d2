//! One error type for every handler. `/api` answers `{"error", "message"}` JSON; pages render
//! `error.html` (see [`PageError`], drawn by `web::render`). Internal errors are logged and shown
//! as a generic message, never with SQL or paths.

use crate::tr;
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};

#[derive(Debug, thiserror::Error)]
pub enum AppError {
    #[error("{message}")]
    BadRequest { code: &'static str, message: String },
    #[error("{0}")]
    Unauthorized(String),
    #[error("{message}")]
    Forbidden { code: &'static str, message: String },
    #[error("{0}")]
    NotFound(String),
    #[error("{message}")]
    Conflict { code: &'static str, message: String },
    #[error("{0}")]
    TooLarge(String),
    /// Well-formed, but the state of things refuses it (an illegal move): 422.
    #[error("{message}")]
    Unprocessable { code: &'static str, message: String },
    #[error("{message}")]
    RateLimited { retry_after: u64, message: String },
    /// The server cannot take this request now (every password-hashing slot is busy).
    #[error("{message}")]
    Unavailable { retry_after: u64, message: String },
    #[error("internal error")]
    Internal(#[from] anyhow::Error),
}

pub type Result<T, E = AppError> = std::result::Result<T, E>;

impl From<sqlx::Error> for AppError {
    fn from(e: sqlx::Error) -> Self {
        AppError::Internal(e.into())
    }
}

impl From<crate::service::password::PasswordError> for AppError {
    fn from(e: crate::service::password::PasswordError) -> Self {
        match e {
            crate::service::password::PasswordError::Busy => AppError::Unavailable {
                retry_after: crate::service::password::WAIT.as_secs().max(1),
                message: tr!("error-password-busy"),
            },
            other => AppError::Internal(other.into()),
        }
    }
}

impl From<crate::service::contests::ContestError> for AppError {
    fn from(e: crate::service::contests::ContestError) -> Self {
        use crate::service::contests::ContestError;
        match e {
            ContestError::NoSuchContest => AppError::not_found("contest"),
            ContestError::NoSuchSubmission => AppError::not_found("submission"),
            ContestError::AlreadyDisqualified => AppError::Conflict {
                code: "already_disqualified",
                message: tr!("error-already-disqualified"),
            },
            ContestError::NotCurrent => {
                AppError::Conflict { code: "not_current", message: tr!("error-not-current") }
            }
            ContestError::BeforeDeadline => {
                AppError::Conflict { code: "before_deadline", message: tr!("error-finals-before-deadline") }
            }
            ContestError::FinalsStarted => {
                AppError::Conflict { code: "finals_started", message: tr!("error-finals-started") }
            }
            ContestError::TooFewFinalists => {
                AppError::Conflict { code: "too_few_finalists", message: tr!("error-finals-too-few") }
            }
            ContestError::BadFinals(why) => AppError::bad("bad_finals", tr!("error-finals-bad", why = why)),
            ContestError::Internal(e) => AppError::Internal(e),
        }
    }
}

impl From<crate::service::practice::PracticeError> for AppError {
    fn from(e: crate::service::practice::PracticeError) -> Self {
        use crate::judge::human::SeatError;
        use crate::service::practice::PracticeError as P;
        match e {
            P::NotFound => AppError::not_found("practice-game"),
            P::UnknownOpponent(text) => AppError::bad(
                "bad_request",
                tr!("error-unknown-opponent", opponent = text, levels = levels()),
            ),
            P::UnknownHouseLevel(level) => AppError::bad(
                "bad_request",
                tr!("error-unknown-house-level", level = level, levels = levels()),
            ),
            P::NoSuchOpponent(id) => {
                AppError::bad("bad_request", tr!("error-no-such-opponent", id = id.to_string()))
            }
            P::NoBoards => AppError::bad("bad_request", tr!("error-no-boards")),
            P::BadBoard { text, why } => {
                AppError::bad("bad_request", tr!("error-bad-board", board = text, detail = why))
            }
            P::UnknownSeat(seat) => AppError::bad("bad_request", tr!("error-unknown-seat", seat = seat)),
            P::NotAllowed(kept) => AppError::Forbidden {
                code: "not_allowed",
                message: tr!("error-practice-not-allowed", opponents = kept_key(kept)),
            },
            P::AlreadyPlaying(id) => AppError::Conflict {
                code: "already_playing",
                message: tr!("error-already-playing", game = id.to_string()),
            },
            P::Full(max) => {
                AppError::Unavailable { retry_after: 60, message: tr!("error-practice-full", max = max) }
            }
            P::TooMany { limit, retry_after } => AppError::RateLimited {
                retry_after,
                message: tr!("error-practice-too-many", limit = limit, minutes = retry_after.div_ceil(60)),
            },
            P::Unavailable => {
                AppError::Unavailable { retry_after: 3600, message: tr!("error-practice-unavailable") }
            }
            P::NotADirection(text) => AppError::Unprocessable {
                code: "illegal_move",
                message: tr!("error-not-a-direction", text = text),
            },
            P::IllegalMove(refused) => {
                AppError::Unprocessable { code: "illegal_move", message: refused_message(refused) }
            }
            P::Seat(SeatError::NotYourTurn) => {
                AppError::Conflict { code: "not_your_turn", message: tr!("error-not-your-turn") }
            }
            P::Seat(SeatError::Over) => {
                AppError::Conflict { code: "game_over", message: tr!("error-game-over") }
            }
            P::Db(e) => AppError::Internal(e.into()),
            P::Other(e) => AppError::Internal(e),
        }
    }
}

/// Why a move typed by hand is refused, in the reader's language.
fn refused_message(refused: crate::games::position::Refused) -> String {
    use super::move_rules::{checkers_rule, connect4_rule, mathtricks_rule, one_two_three_rule};
    use crate::games::position::{Refusal, Refused};
    use crate::games::{connect4, mathtricks, one_two_three};
    match refused {
        Refused::Malformed(_) => tr!("error-move-malformed"),
        Refused::Over(_)
        | Refused::Rule(Refusal::Connect4(connect4::Refusal::Over))
        | Refused::Rule(Refusal::OneTwoThree(one_two_three::Refusal::Over))
        | Refused::Rule(Refusal::Mathtricks(mathtricks::Refusal::Over(_))) => tr!("error-game-over"),
        Refused::Rule(Refusal::Checkers(rule)) => tr!("error-illegal-move", detail = checkers_rule(rule)),
        Refused::Rule(Refusal::Connect4(rule)) => tr!("error-illegal-move", detail = connect4_rule(rule)),
        Refused::Rule(Refusal::OneTwoThree(rule)) => {
            tr!("error-illegal-move", detail = one_two_three_rule(rule))
        }
        Refused::Rule(Refusal::Mathtricks(rule)) => tr!("error-illegal-move", detail = mathtricks_rule(rule)),
    }
}

/// The house levels, as an opponent names them (`house:level1`).
fn levels() -> String {
    crate::games::HouseLevel::names()
}

/// The opponents a contest keeps its students from, as the select of
/// `error-practice-not-allowed` and `error-test-match-not-allowed` names them.
fn kept_key(kept: crate::service::practice::Kept) -> &'static str {
    use crate::service::practice::Kept;
    match kept {
        Kept::House => "house",
        Kept::Own => "own",
        Kept::Others => "others",
    }
}

impl From<crate::service::submissions::SubmitError> for AppError {
    fn from(e: crate::service::submissions::SubmitError) -> Self {
        use crate::service::submissions::SubmitError as S;
        match e {
            // The deadline in the web's time format.
            S::DeadlinePassed { deadline } => AppError::Forbidden {
                code: "deadline_passed",
                message: match deadline {
                    Some(d) => tr!("error-deadline-passed", deadline = super::format::when(&d)),
                    None => tr!("error-deadline-passed-no-date"),
                },
            },
            S::NoLanguage { choices } => {
                AppError::bad("unknown_language", tr!("error-no-language", choices = choices))
            }
            S::UnknownLanguage { language, choices } => AppError::bad(
                "unknown_language",
                tr!("error-unknown-language", language = language, choices = choices),
            ),
            S::LanguageUnavailable { name, why } => AppError::bad(
                "language_unavailable",
                tr!("error-language-unavailable", language = name, detail = why),
            ),
            S::EmptySource => AppError::bad("empty_source", tr!("error-empty-source")),
            S::TooLarge { size, max } => {
                AppError::TooLarge(tr!("error-source-too-large", size = size, max = max, kib = max / 1024))
            }
            S::TooSoon { interval_s, wait_s } => AppError::RateLimited {
                retry_after: wait_s as u64,
                message: tr!("error-too-soon", interval = interval_s, wait = wait_s),
            },
            S::BudgetUsed(used) => AppError::RateLimited {
                retry_after: used.retry_after,
                message: tr!("error-budget-used", budget = used.budget_s),
            },
            S::Db(e) => AppError::Internal(e.into()),
        }
    }
}

impl From<crate::service::test_matches::TestMatchError> for AppError {
    fn from(e: crate::service::test_matches::TestMatchError) -> Self {
        use crate::service::test_matches::TestMatchError as T;
        match e {
            T::NoSuchContest => AppError::not_found("contest"),
            T::NoSuchMatch => AppError::not_found("test-match"),
            T::NoSubmission => {
                AppError::Conflict { code: "no_submission", message: tr!("error-no-submission") }
            }
            T::BadOpponent(why) => AppError::bad("bad_opponent", AppError::from(why).message()),
            T::NoSuchOpponent(id) => {
                AppError::bad("bad_opponent", tr!("error-no-test-opponent", id = id.to_string()))
            }
            T::NotAllowed(kept) => AppError::Forbidden {
                code: "not_allowed",
                message: tr!("error-test-match-not-allowed", opponents = kept_key(kept)),
            },
            T::AlreadyRunning(id) => AppError::Conflict {
                code: "test_match_running",
                message: tr!("error-test-match-running", id = id.to_string()),
            },
            T::BudgetUsed(used) => AppError::RateLimited {
                retry_after: used.retry_after,
                message: tr!("error-budget-used", budget = used.budget_s),
            },
            T::Db(e) => AppError::Internal(e.into()),
            T::Other(e) => AppError::Internal(e),
        }
    }
}

impl From<crate::service::contests::AnnouncementRefused> for AppError {
    fn from(e: crate::service::contests::AnnouncementRefused) -> Self {
        use crate::service::contests::AnnouncementRefused as A;
        let message = match e {
            A::Empty => tr!("error-announcement-empty"),
            A::TooLong => {
                tr!("error-announcement-too-long", max = crate::service::contests::ANNOUNCEMENT_MAX_BYTES)
            }
        };
        AppError::bad("bad_announcement", message)
    }
}

impl From<crate::service::similarity::BaseFileRefused> for AppError {
    fn from(e: crate::service::similarity::BaseFileRefused) -> Self {
        use crate::service::similarity::BaseFileRefused as B;
        let message = match e {
            B::Empty => tr!("error-base-file-empty"),
            B::UnknownLanguage { language, choices } => {
                tr!("error-base-file-language", language = language, choices = choices)
            }
            B::TooLarge => {
                tr!("error-base-file-too-large", kib = crate::service::similarity::BASE_FILE_MAX / 1024)
            }
        };
        AppError::bad("bad_base_file", message)
    }
}

impl AppError {
    pub fn bad(code: &'static str, message: impl Into<String>) -> Self {
        AppError::BadRequest { code, message: message.into() }
    }
    pub fn forbidden(message: impl Into<String>) -> Self {
        AppError::Forbidden { code: "forbidden", message: message.into() }
    }
    /// 404 for a `thing` (an id of `error-no-such`'s select: `contest`, `submission`, `game`,
    /// `page`…), as a sentence in the reader's language.
    pub fn not_found(thing: &'static str) -> Self {
        AppError::NotFound(tr!("error-no-such", thing = thing))
    }

    pub fn status(&self) -> StatusCode {
        match self {
            AppError::BadRequest { .. } => StatusCode::BAD_REQUEST,
            AppError::Unauthorized(_) => StatusCode::UNAUTHORIZED,
            AppError::Forbidden { .. } => StatusCode::FORBIDDEN,
            AppError::NotFound(_) => StatusCode::NOT_FOUND,
            AppError::Conflict { .. } => StatusCode::CONFLICT,
            AppError::TooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            AppError::Unprocessable { .. } => StatusCode::UNPROCESSABLE_ENTITY,
            AppError::RateLimited { .. } => StatusCode::TOO_MANY_REQUESTS,
            AppError::Unavailable { .. } => StatusCode::SERVICE_UNAVAILABLE,
            AppError::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    /// The machine-readable code of the JSON error.
    pub fn code(&self) -> &'static str {
        match self {
            AppError::BadRequest { code, .. }
            | AppError::Forbidden { code, .. }
            | AppError::Conflict { code, .. }
            | AppError::Unprocessable { code, .. } => code,
            AppError::Unauthorized(_) => "unauthorized",
            AppError::NotFound(_) => "not_found",
            AppError::TooLarge(_) => "too_large",
            AppError::RateLimited { .. } => "rate_limited",
            AppError::Unavailable { .. } => "busy",
            AppError::Internal(_) => "internal",
        }
    }

    /// The message for a person; internal details stay in the server log.
    pub fn message(&self) -> String {
        match self {
            AppError::Internal(e) => {
                tracing::error!("internal error: {e:#}");
                tr!("error-internal")
            }
            other => other.to_string(),
        }
    }

    pub(super) fn with_headers(&self, mut resp: Response) -> Response {
        if let AppError::RateLimited { retry_after, .. } | AppError::Unavailable { retry_after, .. } = self {
            resp.headers_mut().insert(header::RETRY_AFTER, HeaderValue::from(*retry_after));
        }
        resp
    }
}

impl IntoResponse for AppError {
    fn into_response(self) -> Response {
        let body = axum::Json(super::api_types::ErrorBody { error: self.code(), message: self.message() });
        self.with_headers((self.status(), body).into_response())
    }
}

/// An [`AppError`] shown as an HTML page.
#[derive(Debug)]
pub struct PageError(pub AppError);

impl<E: Into<AppError>> From<E> for PageError {
    fn from(e: E) -> Self {
        PageError(e.into())
    }
}

pub type PageResult<T = Response> = std::result::Result<T, PageError>;
