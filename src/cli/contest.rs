//! `botarena contest create <slug> --game G [--title T] [--deadline RFC3339] [--set K=V]...`, and
//! `contest list`, `contest show <slug>`, `contest update <slug> --set K=V...`,
//! `contest finals <slug> --top K [--set K=V]...` (each with `--json`).

use crate::config::DbArgs;
use crate::db::contests::{self, Contest, NewContest};
use crate::judge::languages::Languages;
use crate::service;
use anyhow::bail;
use clap::{Args, Subcommand};
use serde_json::{json, Value};

#[derive(Debug, Args)]
pub struct ContestArgs {
    #[command(subcommand)]
    pub command: ContestCommand,
}

#[derive(Debug, Subcommand)]
pub enum ContestCommand {
    /// Create a contest with the game's default settings, changed by `--set`.
    Create {
        slug: String,
        /// checkers, connect4, one-two-three, mathtricks or tron.
        #[arg(long)]
        game: String,
        #[arg(long)]
        title: Option<String>,
        /// When submissions close, RFC 3339 (`2026-12-31T23:59:00Z`), or `2026-12-31T23:59` in
        /// the contest's time zone.
        #[arg(long)]
        deadline: Option<String>,
        /// The IANA time zone its pages show times in (`Asia/Shanghai`); the server's by default.
        /// The same as `--set time_zone=...`.
        #[arg(long)]
        time_zone: Option<String>,
        /// The language of its pages for readers who chose none: en, zh-CN, ro, bg or fi. The
        /// same as `--set language=...`.
        #[arg(long)]
        language: Option<String>,
        /// A game setting (as `botarena play --set`), or submit_interval_s, daily_budget_s,
        /// scoreboard_refresh_s, languages=c,cpp,...
        #[arg(long = "set", value_name = "KEY=VALUE")]
        set: Vec<String>,
        #[command(flatten)]
        db: DbArgs,
    },
    /// The contests: slug, game, deadline and title, latest deadline first.
    List {
        /// One JSON array instead of lines.
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        db: DbArgs,
    },
    /// A contest's settings: its title, deadline, game settings, languages and limits.
    Show {
        slug: String,
        /// One JSON object instead of lines.
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        db: DbArgs,
    },
    /// Change a contest's settings as the admin's settings page does (checked as a whole, audited):
    /// `--set` as for `create`, and `title=` or `deadline=` (empty: none).
    Update {
        slug: String,
        #[arg(long = "set", value_name = "KEY=VALUE", required = true)]
        set: Vec<String>,
        /// The changes as one JSON object instead of lines.
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        db: DbArgs,
    },
    /// Start the finals (at or after the deadline, once): a round robin among the top K students
    /// of the standings, under the contest's game settings changed by `--set` (e.g. `games=10`);
    /// its result is the contest's final standings.
    Finals {
        slug: String,
        /// How many of the top students play (2 to 100).
        #[arg(long)]
        top: usize,
        /// A game setting of the finals (as `botarena play --set`), e.g. games=10.
        #[arg(long = "set", value_name = "KEY=VALUE")]
        set: Vec<String>,
        /// The finals as one JSON object instead of lines.
        #[arg(long)]
        json: bool,
        #[command(flatten)]
        db: DbArgs,
    },
}

pub fn run(args: ContestArgs) -> anyhow::Result<i32> {
    match args.command {
        ContestCommand::Create { slug, game, title, deadline, time_zone, language, set, db } => {
            let mut set = set;
            set.extend(time_zone.map(|z| format!("time_zone={z}")));
            set.extend(language.map(|l| format!("language={l}")));
            create(&slug, &game, title, deadline, &set, &db)
        }
        ContestCommand::List { json, db } => list(json, &db),
        ContestCommand::Show { slug, json, db } => show(&slug, json, &db),
        ContestCommand::Update { slug, set, json, db } => update(&slug, &set, json, &db),
        ContestCommand::Finals { slug, top, set, json, db } => finals(&slug, top, &set, json, &db),
    }
}

fn language_ids() -> anyhow::Result<Vec<String>> {
    Ok(Languages::load_default()?.all().iter().map(|l| l.id.clone()).collect())
}

fn deadline_text(c: &Contest) -> String {
    c.deadline.and_then(|d| d.format(&time::format_description::well_known::Rfc3339).ok()).unwrap_or_default()
}

fn list(json: bool, db: &DbArgs) -> anyhow::Result<i32> {
    super::migrate::with_db(db, async |pool| {
        let all = contests::list(&mut *pool.acquire().await?).await?;
        if json {
            let rows: Vec<Value> = all
                .iter()
                .map(|c| {
                    let deadline = Some(deadline_text(c)).filter(|d| !d.is_empty());
                    json!({"slug": c.slug, "game": c.game.as_str(), "title": c.title, "deadline": deadline})
                })
                .collect();
            println!("{}", serde_json::to_string_pretty(&rows)?);
        } else {
            for c in &all {
                let mut deadline = deadline_text(c);
                if deadline.is_empty() {
                    deadline = "no deadline".into();
                }
                println!("{}\t{}\t{}\t{}", c.slug, c.game, deadline, c.title);
            }
        }
        Ok(0)
    })
}

fn show(slug: &str, json: bool, db: &DbArgs) -> anyhow::Result<i32> {
    super::migrate::with_db(db, async |pool| {
        let Some(c) = contests::by_slug(&mut *pool.acquire().await?, slug).await? else {
            bail!("no contest `{slug}`");
        };
        let values = service::contests::setting_values(&c);
        if json {
            let settings: serde_json::Map<String, Value> =
                values.into_iter().map(|(k, v)| (k, Value::String(v))).collect();
            println!(
                "{}",
                serde_json::to_string_pretty(
                    &json!({"slug": c.slug, "game": c.game.as_str(), "settings": settings})
                )?
            );
        } else {
            println!("slug = {}\ngame = {}", c.slug, c.game);
            for (k, v) in values {
                println!("{k} = {v}");
            }
        }
        Ok(0)
    })
}

/// `--set KEY=VALUE` arguments as pairs.
fn changes(set: &[String]) -> anyhow::Result<Vec<(String, String)>> {
    let mut changes = Vec::new();
    for a in set {
        let Some((k, v)) = a.split_once('=') else { bail!("`{a}` is not of the form KEY=VALUE") };
        changes.push((k.trim().to_string(), v.trim().to_string()));
    }
    Ok(changes)
}

fn finals(slug: &str, top: usize, set: &[String], json: bool, db: &DbArgs) -> anyhow::Result<i32> {
    let changes = changes(set)?;
    let ids = language_ids()?;
    super::migrate::with_db(db, async |pool| {
        let Some(c) = contests::by_slug(&mut *pool.acquire().await?, slug).await? else {
            bail!("no contest `{slug}`");
        };
        let started = match service::finals::start(pool, None, &c, top, &changes, &ids).await {
            Ok(started) => started,
            Err(service::contests::ContestError::Internal(e)) => return Err(e),
            Err(e) => bail!("the finals were not started: {e}"),
        };
        if json {
            let finalists: Vec<Value> = started
                .finalists
                .iter()
                .map(|(id, nickname)| json!({"submission_id": id, "nickname": nickname}))
                .collect();
            let out = json!({"slug": slug, "finalists": finalists, "matches": started.matches,
                             "games": started.games, "settings": started.settings});
            println!("{}", serde_json::to_string_pretty(&out)?);
        } else {
            println!(
                "{slug}: finals started among {} finalists, {} matches ({} games) queued",
                started.finalists.len(),
                started.matches,
                started.games
            );
            for (i, (id, nickname)) in started.finalists.iter().enumerate() {
                println!("{}\t{nickname}\tsubmission {id}", i + 1);
            }
        }
        Ok(0)
    })
}

fn update(slug: &str, set: &[String], json: bool, db: &DbArgs) -> anyhow::Result<i32> {
    let changes = changes(set)?;
    let ids = language_ids()?;
    super::migrate::with_db(db, async |pool| {
        let changed = match service::contests::change_settings(pool, None, slug, &changes, &ids).await? {
            Ok(changed) => changed,
            Err(errors) => {
                for e in &errors {
                    eprintln!("error: {e}");
                }
                bail!("the contest was not changed");
            }
        };
        if json {
            let list: Vec<Value> =
                changed.iter().map(|ch| json!({"name": ch.name, "old": ch.old, "new": ch.new})).collect();
            println!("{}", serde_json::to_string_pretty(&json!({"slug": slug, "changed": list}))?);
        } else {
            println!("{slug}: {} setting(s) changed", changed.len());
            for ch in &changed {
                println!("{}: {} -> {}", ch.name, ch.old, ch.new);
            }
        }
        Ok(0)
    })
}

fn create(
    slug: &str,
    game: &str,
    title: Option<String>,
    deadline: Option<String>,
    set: &[String],
    db: &DbArgs,
) -> anyhow::Result<i32> {
    let languages = Languages::load_default()?;
    let ids: Vec<String> = languages.all().iter().map(|l| l.id.clone()).collect();
    let contest = match NewContest::build(slug, game, title.as_deref(), deadline.as_deref(), set, &ids) {
        Ok(c) => c,
        Err(errors) => {
            for e in &errors {
                eprintln!("error: {e}");
            }
            bail!("the contest was not created");
        }
    };
    super::migrate::with_db(db, async |pool| {
        if crate::service::contests::create(pool, None, &contest).await?.is_none() {
            bail!("a contest with the slug `{}` exists already", contest.slug);
        }
        println!(
            "contest {} created ({}, languages {})",
            contest.slug,
            contest.game,
            contest.languages.join(", ")
        );
        Ok(0)
    })
}
