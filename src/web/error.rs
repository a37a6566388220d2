//! One error type for every handler. `/api` answers `{"error", "message"}` JSON; pages render
//! `error.html` (see [`PageError`], drawn by `web::render`). Internal errors are logged and shown
//! as a generic message, never with SQL or paths.

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
                message: "The server is busy checking other logins. Try again in a few seconds.".into(),
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
            ContestError::AlreadyDisqualified => {
                AppError::Conflict { code: "already_disqualified", message: e.to_string() }
            }
            ContestError::NotCurrent => AppError::Conflict { code: "not_current", message: e.to_string() },
            ContestError::BeforeDeadline => {
                AppError::Conflict { code: "before_deadline", message: e.to_string() }
            }
            ContestError::FinalsStarted => {
                AppError::Conflict { code: "finals_started", message: e.to_string() }
            }
            ContestError::TooFewFinalists => {
                AppError::Conflict { code: "too_few_finalists", message: e.to_string() }
            }
            ContestError::BadFinals(_) => AppError::bad("bad_finals", e.to_string()),
            ContestError::Internal(e) => AppError::Internal(e),
        }
    }
}

impl From<crate::service::practice::PracticeError> for AppError {
    fn from(e: crate::service::practice::PracticeError) -> Self {
        use crate::judge::human::SeatError;
        use crate::service::practice::PracticeError as P;
        let message = e.to_string();
        match e {
            P::NotFound => AppError::NotFound("no such practice game or contest".into()),
            P::BadRequest(_) => AppError::bad("bad_request", message),
            P::NotAllowed(_) => AppError::Forbidden { code: "not_allowed", message },
            P::AlreadyPlaying(_) => AppError::Conflict { code: "already_playing", message },
            P::Full(_) => AppError::Unavailable { retry_after: 60, message },
            P::TooMany { retry_after, .. } => AppError::RateLimited { retry_after, message },
            P::Unavailable => AppError::Unavailable { retry_after: 3600, message },
            P::IllegalMove(_) => AppError::Unprocessable { code: "illegal_move", message },
            P::Seat(SeatError::NotYourTurn) => AppError::Conflict { code: "not_your_turn", message },
            P::Seat(SeatError::Over) => AppError::Conflict { code: "game_over", message },
            P::Db(e) => AppError::Internal(e.into()),
            P::Other(e) => AppError::Internal(e),
        }
    }
}

impl From<crate::service::submissions::SubmitError> for AppError {
    fn from(e: crate::service::submissions::SubmitError) -> Self {
        use crate::service::submissions::SubmitError as S;
        let message = e.to_string();
        match e {
            // The deadline in the web's time format.
            S::DeadlinePassed { deadline } => AppError::Forbidden {
                code: "deadline_passed",
                message: format!(
                    "The deadline of this contest ({}) has passed; no more submissions are accepted.",
                    deadline.as_ref().map(super::format::when).unwrap_or_default()
                ),
            },
            S::NoLanguage { .. } | S::UnknownLanguage { .. } => AppError::bad("unknown_language", message),
            S::LanguageUnavailable { .. } => AppError::bad("language_unavailable", message),
            S::EmptySource => AppError::bad("empty_source", message),
            S::TooLarge { .. } => AppError::TooLarge(message),
            S::TooSoon { wait_s, .. } => AppError::RateLimited { retry_after: wait_s as u64, message },
            S::BudgetUsed(used) => AppError::RateLimited { retry_after: used.retry_after, message },
            S::Db(e) => AppError::Internal(e.into()),
        }
    }
}

impl From<crate::service::test_matches::TestMatchError> for AppError {
    fn from(e: crate::service::test_matches::TestMatchError) -> Self {
        use crate::service::test_matches::TestMatchError as T;
        let message = e.to_string();
        match e {
            T::NoSuchContest => AppError::not_found("contest"),
            T::NoSuchMatch => AppError::not_found("test match"),
            T::NoSubmission => AppError::Conflict { code: "no_submission", message },
            T::BadOpponent(_) => AppError::bad("bad_opponent", message),
            T::NotAllowed(_) => AppError::Forbidden { code: "not_allowed", message },
            T::AlreadyRunning(_) => AppError::Conflict { code: "test_match_running", message },
            T::BudgetUsed(used) => AppError::RateLimited { retry_after: used.retry_after, message },
            T::Db(e) => AppError::Internal(e.into()),
            T::Other(e) => AppError::Internal(e),
        }
    }
}

impl AppError {
    pub fn bad(code: &'static str, message: impl Into<String>) -> Self {
        AppError::BadRequest { code, message: message.into() }
    }
    pub fn forbidden(message: impl Into<String>) -> Self {
        AppError::Forbidden { code: "forbidden", message: message.into() }
    }
    pub fn not_found(what: &str) -> Self {
        AppError::NotFound(format!("no such {what}"))
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
                "Something went wrong on the server; the error has been logged.".to_string()
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
