//! Every current source of a contest in one zip, for checks made offline (a plagiarism checker,
//! reading them side by side): one file per person with a current submission, `username.ext`
//! (the first extension of its language), dated when it was submitted. House bots are left out.

use crate::db::submissions;
use crate::judge::languages::Languages;
use crate::web::error::PageResult;
use crate::web::extract::{contest_or_404, PageUser};
use crate::web::input::Path;
use crate::web::render::attachment;
use crate::web::state::AppState;
use axum::extract::State;
use std::io::Write;
use time::OffsetDateTime;
use zip::write::SimpleFileOptions;

/// The name of a source in the zip. Usernames hold only letters, digits and `._-@`
/// (`service::accounts::username_problem`); a path separator is replaced all the same, so that no
/// name can reach out of the folder it is unpacked into.
fn file_name(languages: &Languages, username: &str, language: &str) -> String {
    let ext = languages.get(language).and_then(|l| l.extensions.first()).map_or(language, String::as_str);
    format!("{username}.{ext}").replace(['/', '\\'], "_")
}

/// A zip entry's date (zip dates are local times without a zone, to two seconds, from 1980 on:
/// here UTC).
fn zip_date(t: OffsetDateTime) -> zip::DateTime {
    let t = t.to_offset(time::UtcOffset::UTC);
    zip::DateTime::from_date_and_time(
        u16::try_from(t.year()).unwrap_or(1980),
        t.month().into(),
        t.day(),
        t.hour(),
        t.minute(),
        t.second(),
    )
    .unwrap_or_default()
}

/// `/admin/contests/{slug}/sources.zip`: built in memory, compressed, reading one source at a time
/// (a course's thousand sources of a few dozen KiB make a few MiB).
pub(super) async fn sources_zip(
    State(state): State<AppState>,
    who: PageUser,
    Path(slug): Path<String>,
) -> PageResult {
    who.require_admin()?;
    let c = contest_or_404(&state, &slug).await?;
    let mut conn = state.pool.acquire().await?;
    let mut zip = zip::ZipWriter::new(std::io::Cursor::new(Vec::new()));
    let zip_error = |e: zip::result::ZipError| anyhow::anyhow!("writing the sources' zip: {e}");
    for id in submissions::current_ids(&mut conn, c.id).await? {
        // Gone meanwhile (its user or contest deleted by hand).
        let Some(s) = submissions::current_source(&mut conn, id).await? else { continue };
        let options = SimpleFileOptions::default()
            .compression_method(zip::CompressionMethod::Deflated)
            .last_modified_time(zip_date(s.created_at));
        zip.start_file(file_name(&state.languages, &s.username, &s.language), options).map_err(zip_error)?;
        zip.write_all(&s.source).map_err(|e| zip_error(e.into()))?;
    }
    let bytes = zip.finish().map_err(zip_error)?.into_inner();
    Ok(attachment("application/zip", &format!("{slug}-sources.zip"), bytes))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_source_is_named_by_its_user_and_its_languages_first_extension() {
        let languages = Languages::load_default().unwrap();
        assert_eq!(file_name(&languages, "s1234567", "cpp"), "s1234567.cpp");
        assert_eq!(file_name(&languages, "ada.l@uni", "python"), "ada.l@uni.py");
        assert_eq!(file_name(&languages, "bob", "cobol"), "bob.cobol");
        assert_eq!(file_name(&languages, "../x", "c"), ".._x.c");
    }

    #[test]
    fn entries_are_dated_in_utc_to_the_two_seconds_of_zip_dates() {
        let d = zip_date(time::macros::datetime!(2026-11-22 14:05:09 +01:00));
        let date = (d.year(), d.month(), d.day(), d.hour(), d.minute(), d.second());
        assert_eq!(date, (2026, 11, 22, 13, 5, 8));
    }
}
