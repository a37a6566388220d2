//! `botarena capacity`: the capacity model of `docs/capacity.md` for one game and contest size:
//! the seconds a game takes (instant bots and bots that use their whole move time), the games and
//! core-hours of a round robin, a full rejudge's duration on the given workers, how soon a new
//! submission (or a wave of them) is judged, the workers and KEDA target for a goal, and what a
//! rated ladder (`format=ladder`) costs instead of the round robin.

use crate::games::settings::Settings;
use crate::games::GameId;
use crate::service::capacity::{Bots, Contest, Figures, Shape, LADDER_PLACEMENT_GAMES};
use clap::Args;
use serde_json::json;

#[derive(Debug, Args)]
pub struct CapacityArgs {
    /// checkers, connect4, one-two-three, mathtricks or tron.
    #[arg(long)]
    pub game: GameId,
    /// Students in the contest (each with a submission).
    #[arg(long, default_value_t = 100)]
    pub entrants: u64,
    /// Game slots: worker pods (one game each, two cores) or `--game-workers` summed over machines.
    #[arg(long, default_value_t = 1)]
    pub workers: u64,
    /// A contest setting, `NAME=VALUE` (repeatable): games per match, move time, boards, ...
    #[arg(long = "set", value_name = "KEY=VALUE")]
    pub set: Vec<String>,
    /// Also: a wave of this many new submissions arriving together.
    #[arg(long, value_name = "K")]
    pub wave: Option<u64>,
    /// Bots that think this many ms per move (instead of the two bounds, instant and whole move time).
    #[arg(long, value_name = "MS")]
    pub think_ms: Option<f64>,
    /// The goal for a new submission, in minutes.
    #[arg(long, default_value_t = 10.0)]
    pub goal_minutes: f64,
    /// `double_forfeit_game` of `botarena bench` on the judging machines, in ms.
    #[arg(long, default_value_t = Figures::default().start_ms)]
    pub start_ms: f64,
    /// `move_overhead` of `botarena bench` on the judging machines, in us per move.
    #[arg(long, default_value_t = Figures::default().move_us)]
    pub move_us: f64,
    /// The platform's work per game around playing it (claim, unpack, store), in ms.
    #[arg(long, default_value_t = Figures::default().around_ms)]
    pub around_ms: f64,
    /// Seconds to compile a submission.
    #[arg(long, default_value_t = Figures::default().compile_s)]
    pub compile_seconds: f64,
    /// Seconds per game measured otherwise (overrides the model's estimate from the figures).
    #[arg(long)]
    pub seconds_per_game: Option<f64>,
    /// Matches each entrant of a ladder plays on average (`format=ladder`; the default is what
    /// `botarena bench`'s `ladder_accuracy` measures its accuracy at).
    #[arg(long, value_name = "M", default_value_t = crate::service::capacity::LADDER_MATCHES)]
    pub ladder_matches: f64,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
}

pub fn run(args: CapacityArgs) -> anyhow::Result<i32> {
    anyhow::ensure!(args.workers > 0 && args.entrants > 1, "need at least 1 worker and 2 entrants");
    let settings = Settings::from_assignments(args.game, args.set.iter().map(String::as_str))?;
    let shape = Shape::of(&settings);
    let figures = Figures {
        start_ms: args.start_ms,
        move_us: args.move_us,
        around_ms: args.around_ms,
        compile_s: args.compile_seconds,
    };
    let cases: Vec<(&str, Bots)> = match args.think_ms {
        Some(ms) => vec![("think", Bots::Think(ms))],
        None => vec![("instant", Bots::Instant), ("whole_move_time", Bots::WholeMoveTime)],
    };
    let goal = args.goal_minutes * 60.0;
    let mut out = serde_json::Map::new();
    for (name, bots) in &cases {
        let t = args.seconds_per_game.unwrap_or_else(|| shape.seconds_per_game(&figures, *bots));
        let c = Contest {
            entrants: args.entrants,
            workers: args.workers,
            games_per_match: shape.games_per_match,
            seconds_per_game: t,
            compile_s: figures.compile_s,
        };
        let mut case = json!({
            "seconds_per_game": t,
            "round_robin_games": c.round_robin_games(),
            "round_robin_core_hours": c.round_robin_core_hours(),
            "rejudge_seconds": c.rejudge_seconds(),
            "submission_seconds": c.submission_seconds(),
            "workers_for_goal": c.workers_for(goal),
            "keda_target_query_value": c.keda_target(goal),
            "ladder_games": c.ladder_games(args.ladder_matches),
            "ladder_core_hours": c.ladder_core_hours(args.ladder_matches),
            "ladder_placement_seconds": c.ladder_placement_seconds(LADDER_PLACEMENT_GAMES),
        });
        if let Some(k) = args.wave {
            case["wave_games"] = c.wave_games(k).into();
            case["wave_seconds"] = c.wave_seconds(k).into();
        }
        out.insert(name.to_string(), case);
    }
    if args.json {
        println!("{}", serde_json::Value::Object(out));
        return Ok(0);
    }
    println!(
        "{}: {} entrants, {} workers ({} cores), {} games per match, goal {} min",
        args.game.as_str(),
        args.entrants,
        args.workers,
        2 * args.workers,
        shape.games_per_match,
        args.goal_minutes
    );
    let mut rows: Vec<(&str, &str, Show)> = vec![
        ("seconds per game", "seconds_per_game", (|v| format!("{:.4} s", v.as_f64().unwrap_or(0.0)))),
        ("round robin: games", "round_robin_games", (|v| v.to_string())),
        (
            "round robin: core-hours",
            "round_robin_core_hours",
            (|v| format!("{:.1}", v.as_f64().unwrap_or(0.0))),
        ),
        ("full rejudge", "rejudge_seconds", (duration)),
        ("a new submission judged in", "submission_seconds", (duration)),
        (
            "workers for the goal",
            "workers_for_goal",
            (|v| if v.is_null() { "none can".into() } else { v.to_string() }),
        ),
        ("KEDA targetQueryValue", "keda_target_query_value", (|v| v.to_string())),
        ("ladder: games", "ladder_games", (|v| v.to_string())),
        ("ladder: core-hours", "ladder_core_hours", (|v| format!("{:.1}", v.as_f64().unwrap_or(0.0)))),
        ("ladder: a newcomer placed in", "ladder_placement_seconds", (duration)),
    ];
    if args.wave.is_some() {
        rows.push(("wave: games", "wave_games", (|v| v.to_string())));
        rows.push(("wave: judged in", "wave_seconds", (duration)));
    }
    print!("{:<28}", "");
    for (name, _) in &cases {
        print!("{:>18}", name.replace('_', " "));
    }
    println!();
    for (label, key, show) in rows {
        print!("{label:<28}");
        for (name, _) in &cases {
            print!("{:>18}", show(&out[*name][key]));
        }
        println!();
    }
    Ok(0)
}

/// How a row's value is printed.
type Show = fn(&serde_json::Value) -> String;

/// Seconds as `42 s`, `12.5 min` or `3.2 h`.
fn duration(v: &serde_json::Value) -> String {
    let s = v.as_f64().unwrap_or(0.0);
    if s < 120.0 {
        format!("{s:.1} s")
    } else if s < 7200.0 {
        format!("{:.1} min", s / 60.0)
    } else {
        format!("{:.1} h", s / 3600.0)
    }
}
