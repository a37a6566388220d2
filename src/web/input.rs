//! Text from the outside is checked here, at the boundary, before any handler sees it: the
//! extractors [`Path`], [`Form`] and [`FormPairs`] (and the API's `ApiJson`, through
//! [`check_field`]) refuse text that no field of ours may hold, so that nothing reaches Postgres
//! that it cannot store (a NUL byte) or that no page could show (other control characters).
//!
//! - Path segments: invalid UTF-8, control characters or over 200 bytes answer 404 (no such
//!   thing can exist), as HTML for pages and JSON under `/api`.
//! - Form and JSON fields: 400 with the field named, for invalid UTF-8, control characters other
//!   than tab and line ends, fields over [`MAX_FIELD_BYTES`] (except the long fields: the roster,
//!   the settings box), or a field given twice. A bot's `source` may hold any character but NUL
//!   (which no compiler accepts and no text column can store).

use super::error::{AppError, PageError};
use axum::body::Bytes;
use axum::extract::{FromRequest, FromRequestParts, OriginalUri, RawPathParams, Request};
use axum::http::header::CONTENT_TYPE;
use axum::http::request::Parts;
use axum::response::{IntoResponse, Response};
use serde::de::DeserializeOwned;

/// Longest value of an ordinary form or JSON field.
pub const MAX_FIELD_BYTES: usize = 4096;

/// Fields that hold many lines: no length limit of their own (the body limit applies).
const LONG_FIELDS: &[&str] = &["csv", "settings"];

/// Fields taken as sent but for NUL: a bot's source may hold any other character (a form feed, an
/// escape in a string) that its compiler accepts.
const RAW_FIELDS: &[&str] = &["source"];

/// Most fields of one form, and most values (strings, numbers, items, keys) of one JSON body:
/// every form and body of the site has a few dozen; a body of a million tiny fields would take
/// about fifty times its size in memory once parsed.
pub const MAX_FIELDS: usize = 1_000;

/// Longest path segment (a slug, an id).
const MAX_SEGMENT_BYTES: usize = 200;

/// The first character no text field may hold: control characters other than tab, CR and LF.
fn forbidden_char(text: &str) -> Option<char> {
    text.chars().find(|c| c.is_control() && !matches!(c, '\t' | '\n' | '\r'))
}

/// A search text from a query string (`?q=`): leniently, without control characters (no field
/// holds one, and Postgres refuses NUL), trimmed, at most 200 characters.
pub fn query_text(text: Option<&str>) -> String {
    let kept: String = text.unwrap_or_default().chars().filter(|c| !c.is_control()).take(200).collect();
    kept.trim().to_string()
}

/// A `page=` of a long list: a number from 1 (the first page when it is not one).
pub fn page_number(text: Option<&str>) -> i64 {
    text.and_then(|p| p.parse::<i64>().ok()).filter(|p| (1..=1_000_000).contains(p)).unwrap_or(1)
}

/// Why the value of field `name` is refused, if it is.
pub fn check_field(name: &str, value: &str) -> Result<(), AppError> {
    if RAW_FIELDS.contains(&name) {
        if value.contains('\0') {
            return Err(AppError::bad("bad_text", crate::tr!("error-field-nul", field = name)));
        }
        return Ok(());
    }
    if let Some(c) = forbidden_char(value) {
        return Err(AppError::bad(
            "bad_text",
            crate::tr!("error-field-control", field = name, code = format!("U+{:04X}", c as u32)),
        ));
    }
    if value.len() > MAX_FIELD_BYTES && !LONG_FIELDS.contains(&name) {
        return Err(AppError::bad(
            "too_long",
            crate::tr!("error-field-too-long", field = name, size = value.len(), max = MAX_FIELD_BYTES),
        ));
    }
    Ok(())
}

/// Whether the request was made under `/api` (its errors are JSON).
fn is_api(parts: &Parts) -> bool {
    let uri = parts.extensions.get::<OriginalUri>().map_or(&parts.uri, |o| &o.0);
    uri.path() == "/api" || uri.path().starts_with("/api/")
}

fn not_found(api: bool) -> Response {
    let e = AppError::not_found("page");
    if api {
        e.into_response()
    } else {
        PageError(e).into_response()
    }
}

/// `axum::extract::Path` whose segments are checked first: anything no slug or id can be is
/// "not found", never a database error.
pub struct Path<T>(pub T);

impl<T: DeserializeOwned + Send, S: Send + Sync> FromRequestParts<S> for Path<T> {
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let api = is_api(parts);
        let raw = RawPathParams::from_request_parts(parts, state).await.map_err(|_| not_found(api))?;
        if raw.iter().any(|(_, v)| v.len() > MAX_SEGMENT_BYTES || v.chars().any(char::is_control)) {
            return Err(not_found(api));
        }
        match axum::extract::Path::<T>::from_request_parts(parts, state).await {
            Ok(axum::extract::Path(v)) => Ok(Path(v)),
            Err(_) => Err(not_found(api)),
        }
    }
}

/// Decodes one `application/x-www-form-urlencoded` component strictly (`+` is a space; a
/// malformed `%` escape is kept as it is, as browsers never send one).
fn decode(component: &[u8]) -> Result<String, Vec<u8>> {
    let spaced: Vec<u8> = component.iter().map(|&b| if b == b'+' { b' ' } else { b }).collect();
    let bytes: Vec<u8> = percent_encoding::percent_decode(&spaced).collect();
    String::from_utf8(bytes).map_err(|e| e.into_bytes())
}

fn too_many_fields() -> AppError {
    AppError::bad("too_many_fields", crate::tr!("error-form-too-many-fields", max = MAX_FIELDS))
}

/// The fields of a form body, in order, each checked with [`check_field`]; at most
/// [`MAX_FIELDS`] of them.
fn checked_pairs(body: &[u8]) -> Result<Vec<(String, String)>, AppError> {
    let mut pairs = Vec::new();
    for part in body.split(|&b| b == b'&').filter(|p| !p.is_empty()) {
        if pairs.len() == MAX_FIELDS {
            return Err(too_many_fields());
        }
        let (k, v) = match part.iter().position(|&b| b == b'=') {
            Some(i) => (&part[..i], &part[i + 1..]),
            None => (part, &b""[..]),
        };
        let name = decode(k).map_err(|_| AppError::bad("bad_form", crate::tr!("error-field-name-utf8")))?;
        if let Some(c) = forbidden_char(&name) {
            return Err(AppError::bad(
                "bad_form",
                crate::tr!("error-field-name-control", code = format!("U+{:04X}", c as u32)),
            ));
        }
        let value = decode(v).map_err(|_| {
            AppError::bad(
                "bad_text",
                crate::tr!("error-field-utf8", field = name.chars().take(50).collect::<String>()),
            )
        })?;
        check_field(&name, &value)?;
        pairs.push((name, value));
    }
    Ok(pairs)
}

async fn form_body<S: Send + Sync>(req: Request, state: &S) -> Result<Vec<(String, String)>, AppError> {
    let is_form = req.headers().get(CONTENT_TYPE).and_then(|v| v.to_str().ok()).is_some_and(|v| {
        v.trim_start().to_ascii_lowercase().starts_with("application/x-www-form-urlencoded")
    });
    if !is_form {
        return Err(AppError::bad("bad_content_type", crate::tr!("error-form-content-type")));
    }
    let body = Bytes::from_request(req, state).await.map_err(|e| {
        if e.status() == axum::http::StatusCode::PAYLOAD_TOO_LARGE {
            AppError::TooLarge(crate::tr!("error-form-too-large"))
        } else {
            AppError::bad("bad_form", crate::tr!("error-form-unread"))
        }
    })?;
    checked_pairs(&body)
}

/// Whether a JSON text has more than [`MAX_FIELDS`] values (strings, numbers, literals, arrays,
/// objects; a key counts with its value), counted without parsing it, so that a body of a
/// million `0,` never becomes a million parsed values.
pub fn too_many_json_values(text: &[u8]) -> bool {
    let (mut values, mut in_string, mut escaped) = (0usize, false, false);
    for &b in text {
        if in_string {
            match b {
                _ if escaped => escaped = false,
                b'\\' => escaped = true,
                b'"' => in_string = false,
                _ => {}
            }
        } else if b == b'"' {
            in_string = true;
        } else if matches!(b, b',' | b'[' | b'{') {
            // Each value but the first of its container follows a comma; each container opens.
            values += 1;
            if values > MAX_FIELDS {
                return true;
            }
        }
    }
    false
}

/// A form's fields in order, repeated names kept (for checkbox lists and settings forms).
pub struct FormPairs(pub Vec<(String, String)>);

impl<S: Send + Sync> FromRequest<S> for FormPairs {
    type Rejection = PageError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        Ok(FormPairs(form_body(req, state).await?))
    }
}

/// `axum::Form` with every field checked first; a field given twice is refused.
pub struct Form<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequest<S> for Form<T> {
    type Rejection = PageError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        let pairs = form_body(req, state).await?;
        let text = form_urlencoded::Serializer::new(String::new()).extend_pairs(&pairs).finish();
        serde_urlencoded::from_str(&text).map(Form).map_err(|e| {
            AppError::bad("bad_form", crate::tr!("error-form-invalid", detail = e.to_string())).into()
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn form_fields_are_decoded_and_checked_with_the_field_named() {
        let ok = checked_pairs(b"a=x+y&b=%C3%A9&c=&d").unwrap();
        assert_eq!(
            ok,
            [
                ("a".into(), "x y".into()),
                ("b".into(), "é".into()),
                ("c".into(), String::new()),
                ("d".into(), String::new())
            ]
        );
        let nul = checked_pairs(b"title=a%00b").unwrap_err().to_string();
        assert!(nul.contains("`title`") && nul.contains("U+0000"), "{nul}");
        let utf8 = checked_pairs(b"name=%FF").unwrap_err().to_string();
        assert!(utf8.contains("`name` is not valid UTF-8"), "{utf8}");
        let long = format!("username={}", "a".repeat(MAX_FIELD_BYTES + 1));
        assert!(checked_pairs(long.as_bytes()).unwrap_err().to_string().contains("`username` is 4097 bytes"));
        assert!(checked_pairs(format!("csv={}", "a\n".repeat(10_000)).as_bytes()).is_ok());
        assert!(checked_pairs(b"csv=a%0D%0Ab%09c").is_ok());
        assert!(checked_pairs(b"source=%01%1B%0C").is_ok());
        let many = "a=1&".repeat(MAX_FIELDS);
        assert_eq!(checked_pairs(many.as_bytes()).unwrap().len(), MAX_FIELDS);
        let more = format!("{many}b=2");
        assert!(checked_pairs(more.as_bytes()).unwrap_err().to_string().contains("more than 1000 fields"));
        let nul = checked_pairs(b"source=a%00b").unwrap_err().to_string();
        assert!(nul.contains("`source` holds a NUL"), "{nul}");
    }

    #[test]
    fn json_values_are_counted_outside_strings() {
        assert!(!too_many_json_values(br#"{"a": [1, 2, 3], "b": {"c": "x,y,[z{"}}"#));
        let list = format!("[{}0]", "0,".repeat(MAX_FIELDS));
        assert!(too_many_json_values(list.as_bytes()));
        let quoted = format!(r#"{{"source": "{}"}}"#, ",[{".repeat(10 * MAX_FIELDS));
        assert!(!too_many_json_values(quoted.as_bytes()));
        let escaped = format!(r#"{{"source": "\\", "x": [{}1]}}"#, "1,".repeat(MAX_FIELDS));
        assert!(too_many_json_values(escaped.as_bytes()));
        let escaped_quote = format!(r#"{{"source": "\"{}"}}"#, ",".repeat(2 * MAX_FIELDS));
        assert!(!too_many_json_values(escaped_quote.as_bytes()));
    }
}
