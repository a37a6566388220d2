//! The security headers of every response — pages, the API, static files, redirects, errors, the
//! fallback's 404 — set by one layer around the whole router ([`with_security_headers`]), so that
//! no route can be without them. `docs/security.md` explains each one.
//!
//! The pages are built for the Content-Security-Policy: no inline script, no `style=""` or
//! `<style>`, no `on…=` handler, no `javascript:` link in `templates/`. Scripts and the stylesheet
//! are files under `static/`; data a script needs is a `<script type="application/json">` block
//! (data, which a CSP does not run) or `data-` attributes.

use axum::http::{header, HeaderName, HeaderValue};
use axum::response::Response;
use axum::Router;
use std::sync::Arc;

/// What a page may load: only this server's own scripts, styles, images and fonts, no inline
/// script or style, connections (`fetch`, `EventSource`, the practice game's WebSocket: CSP
/// level 3 lets `'self'` match `ws:`/`wss:` of the same host) to this server only, forms posted
/// to this server only, no `<base>`, no plugins, and no framing by any page (against clickjacking).
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'none'; script-src 'self'; style-src 'self'; \
     img-src 'self'; font-src 'self'; connect-src 'self'; manifest-src 'self'; form-action 'self'; \
     frame-ancestors 'none'; base-uri 'none'; object-src 'none'";

/// HTTPS only for a year from the last response, sent when the server runs with
/// `--secure-cookies` (that is, behind HTTPS). Without `includeSubDomains`: the other hosts of
/// the domain are not this server's to decide.
pub const STRICT_TRANSPORT_SECURITY: &str = "max-age=31536000";

/// The headers every response gets; `https` (the server's `--secure-cookies`) adds HSTS.
pub fn security_headers(https: bool) -> Vec<(HeaderName, HeaderValue)> {
    let mut headers = vec![
        (header::CONTENT_SECURITY_POLICY, HeaderValue::from_static(CONTENT_SECURITY_POLICY)),
        // Frame-ancestors' twin for browsers that predate it.
        (header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY")),
        // A response is what its Content-Type says: an uploaded source or a log is never run
        // as a script or a stylesheet because its bytes look like one.
        (header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff")),
        // Links to other sites do not tell them which page (a game's, an admin's) they came from.
        (header::REFERRER_POLICY, HeaderValue::from_static("same-origin")),
    ];
    if https {
        headers
            .push((header::STRICT_TRANSPORT_SECURITY, HeaderValue::from_static(STRICT_TRANSPORT_SECURITY)));
    }
    headers
}

/// `router` with [`security_headers`] on every response it gives, replacing any a handler set.
/// Add it last, around everything else, so that the fallback and every other layer's own
/// answers (a 405, a rejected body) get them too.
pub fn with_security_headers<S: Clone + Send + Sync + 'static>(router: Router<S>, https: bool) -> Router<S> {
    let headers: Arc<[(HeaderName, HeaderValue)]> = security_headers(https).into();
    router.layer(axum::middleware::map_response(move |mut response: Response| {
        let headers = headers.clone();
        async move {
            for (name, value) in headers.iter() {
                response.headers_mut().insert(name.clone(), value.clone());
            }
            response
        }
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_policy_allows_nothing_inline_and_no_framing() {
        let directives: Vec<&str> = CONTENT_SECURITY_POLICY.split("; ").collect();
        assert!(!CONTENT_SECURITY_POLICY.contains("unsafe"), "{CONTENT_SECURITY_POLICY}");
        for d in ["default-src 'none'", "script-src 'self'", "style-src 'self'", "frame-ancestors 'none'"] {
            assert!(directives.contains(&d), "{d} in {CONTENT_SECURITY_POLICY}");
        }
        // One line of the header: no line break or doubled space left by the string's layout.
        assert!(!CONTENT_SECURITY_POLICY.contains("  ") && !CONTENT_SECURITY_POLICY.contains('\n'));
    }

    #[test]
    fn hsts_only_behind_https() {
        let names = |https| security_headers(https).into_iter().map(|(n, _)| n).collect::<Vec<_>>();
        assert!(!names(false).contains(&header::STRICT_TRANSPORT_SECURITY));
        assert!(names(true).contains(&header::STRICT_TRANSPORT_SECURITY));
        assert_eq!(names(true).len(), names(false).len() + 1);
    }
}
