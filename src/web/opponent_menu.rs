//! The test-match form's menu of opponents, shown on the test matches page (`web::test_matches`)
//! and on the owner's current submission (`web::contests`).

use super::render::when;
use crate::db::contests::Contest;
use crate::db::ids::UserId;
use crate::db::submissions::{self, Status};
use crate::games::HouseLevel;
use crate::service::practice::Allowed;

/// One choice of the opponent menu: the form's value and what it says.
pub struct OpponentChoice {
    pub value: String,
    pub label: String,
}

/// The test-match form's opponents for `user` in a contest: house levels, their own compiled
/// submissions (current first), and whether any submission id may be typed in.
pub struct OpponentMenu {
    pub choices: Vec<OpponentChoice>,
    pub any: bool,
}

pub async fn opponent_menu(
    conn: &mut sqlx::PgConnection,
    contest: &Contest,
    user: UserId,
) -> sqlx::Result<OpponentMenu> {
    let allowed = Allowed::of(contest);
    let mut choices = Vec::new();
    if allowed.house {
        choices.extend(HouseLevel::ALL.iter().map(|l| OpponentChoice {
            value: format!("house:{l}"),
            label: crate::tr!("test-form-house", level = l.to_string()),
        }));
    }
    if allowed.own || allowed.all {
        let own = submissions::of_user(conn, contest.id, user).await?;
        let compiled = own.iter().filter(|s| matches!(s.status, Status::Ready | Status::Superseded));
        choices.extend(compiled.take(10).map(|s| OpponentChoice {
            value: s.id.to_string(),
            label: if s.status == Status::Ready {
                crate::tr!("test-form-current", id = s.id.to_string())
            } else {
                crate::tr!("test-form-earlier", id = s.id.to_string(), when = when(&s.created_at))
            },
        }));
    }
    Ok(OpponentMenu { choices, any: allowed.all })
}
