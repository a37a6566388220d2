//! How times are written: on pages and in the API. A leaf of `src/web` (it imports nothing of
//! it), so that the error mapping and the rendering can both use it.

/// Formats a time for pages: `2026-11-22 14:05 UTC`.
pub fn when(t: &time::OffsetDateTime) -> String {
    let f = time::macros::format_description!("[year]-[month]-[day] [hour]:[minute] UTC");
    t.to_offset(time::UtcOffset::UTC).format(&f).unwrap_or_default()
}

/// Formats a time for the API (RFC 3339).
pub fn rfc3339(t: &time::OffsetDateTime) -> String {
    t.format(&time::format_description::well_known::Rfc3339).unwrap_or_default()
}
