//! Practice games once over, as the database keeps them (`db::practice`): storing a finished
//! game, showing a stored one ([`Found`]), and deleting old ones ([`prune`]). Kept apart from the
//! game being played (`playing.rs`), which lives in memory only.

use super::playing::{side_name, Game, View};
use super::PracticeConfig;
use crate::games::frames;
use crate::games::GameId;
use crate::judge::result::{BotId, GameResult};
use sqlx::PgPool;
use std::sync::Arc;
use std::time::Duration;

/// Deletes the stored practice games that ended more than `config.keep_days` days ago (none
/// when it is 0), and the counts of starts older than an hour; the number of games deleted.
pub async fn prune(pool: &PgPool, config: &PracticeConfig) -> sqlx::Result<u64> {
    let mut conn = pool.acquire().await?;
    crate::db::practice::forget_old_starts(&mut conn).await?;
    if config.keep_days == 0 {
        return Ok(0);
    }
    crate::db::practice::delete_ended_before(&mut conn, i32::try_from(config.keep_days).unwrap_or(i32::MAX))
        .await
}

/// A practice game found by [`Practice::find`](super::Practice::find).
pub enum Found {
    /// Being played on this server (or just over): it can be followed and played.
    Live(Arc<Game>),
    /// Over and stored: only its replay and log are left.
    Stored(Box<View>),
}

impl Found {
    /// The game as its player sees it now.
    pub fn view(&self) -> View {
        match self {
            Found::Live(game) => game.view(),
            Found::Stored(view) => (**view).clone(),
        }
    }
}

/// Stores a game that is over (its result and the transcript its player may read).
pub(super) async fn store(pool: &PgPool, game: &Game) -> anyhow::Result<()> {
    let (result, log) = {
        let live = game.live();
        (live.result.as_ref().map(serde_json::to_value).transpose()?, live.log.clone().unwrap_or_default())
    };
    let stored = crate::db::practice::StoredGame {
        id: game.id,
        user_id: game.user,
        contest_id: game.contest_id,
        opponent: game.opponent.clone(),
        seat: side_name(game.human).to_string(),
        settings: crate::db::contests::stored(&game.settings),
        params: game.params.to_value(),
        result,
        log,
        started_at: game.started_at,
    };
    crate::db::practice::store(&mut *pool.acquire().await?, &stored).await?;
    Ok(())
}

/// A stored game as its player sees it: over, with its replay and log.
pub(super) fn stored_view(
    g: crate::db::practice::StoredGame,
    slug: String,
    game: GameId,
    patience: Duration,
) -> anyhow::Result<View> {
    let result: Option<GameResult> = g.result.map(serde_json::from_value).transpose()?;
    let moves = result.as_ref().map(|r| r.moves.clone()).unwrap_or_default();
    let params = result.as_ref().map(|r| r.params.clone()).unwrap_or(g.params);
    let settings = crate::service::scheduler::settings_from_json(game, &g.settings)?;
    Ok(View {
        id: g.id,
        contest: slug,
        game,
        status: "over",
        seat: if g.seat == "second" { "second" } else { "first" },
        turn: None,
        opponent: g.opponent,
        frames: frames::frames_or_none(game, frames::replay_stored(game, &g.settings, &params, &moves)),
        settings: g.settings,
        params,
        moves,
        legal_moves: Vec::new(),
        bot_think_ms: result.as_ref().and_then(|r| r.think_ms.get(&BotId::B).copied()).unwrap_or(0),
        bot_thinking_ms: None,
        move_ms: settings.common().move_ms,
        patience_ms: patience.as_millis() as u64,
        result,
        log: Some(g.log),
        lines: Vec::new(),
    })
}
