//! The step that asks an admin first, before an action that is hard to undo (a rejudge, an
//! unfreeze, a disqualification, disabling an account, resetting a password). The action's
//! button posts its form without `confirmed=yes`: the handler checks who asks and the CSRF token,
//! changes nothing, and answers this page, whose one button posts the same form again with it.
//! Plain HTML, so it needs no script; the API's twins of these actions stay one call.

use super::error::PageResult;
use super::extract::PageUser;
use super::render::{render, Nav};
use crate::web::i18n::filters;
use askama::Template;

/// What the confirmation page asks.
pub struct Question {
    pub heading: String,
    /// What the action will do, in a sentence or two.
    pub consequence: String,
    /// Where the confirmed form posts: the action's own path.
    pub action: String,
    pub button: String,
    /// Where "Cancel" leads back to.
    pub cancel: String,
    /// The action's form fields besides `csrf` and `confirmed`.
    pub fields: Vec<(&'static str, String)>,
}

#[derive(Template)]
#[template(path = "admin/confirm.html")]
struct ConfirmPage {
    nav: Nav,
    q: Question,
}

/// Whether the form's `confirmed` field says the admin confirmed.
pub fn confirmed(field: &str) -> bool {
    field == "yes"
}

/// The confirmation page of `q`, for `who` (already checked to be an admin who sent this
/// session's CSRF token).
pub async fn ask(who: &PageUser, q: Question) -> PageResult {
    Ok(render(&ConfirmPage { nav: who.nav().await?, q }))
}
