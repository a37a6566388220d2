//! `botarena bench`: measures the figures of `docs/bench.md` on the machine at hand, each beside
//! its baseline in the same run (machines are noisy; ratios hold), and prints them as a table or,
//! with `--json`, as one object `{"<figure>": {"value", "unit", "baseline", "baseline_value",
//! "ratio"}}`.
//!
//! Adding a figure: write a function `fn(&mut Bench) -> anyhow::Result<Figure>` that measures
//! the value and its baseline interleaved, add it to [`MEASUREMENTS`] under a stable snake_case
//! name, and document it in `docs/bench.md`. Shared set-up (a launcher, compiled bots, a
//! database) lives in [`Bench`] and is built on first use, so a run of one figure
//! (`--figure NAME`) builds only what that figure needs.

pub mod judge;
pub mod ladder;
pub mod platform;
pub mod web;

use std::io::Write;

use anyhow::bail;
use clap::Args;
use serde::Serialize;

#[derive(Debug, Args)]
pub struct BenchArgs {
    /// A few repetitions of everything, for CI: seconds instead of a minute; figures are rougher.
    #[arg(long)]
    pub quick: bool,
    /// Print one JSON object keyed by figure name instead of a table.
    #[arg(long)]
    pub json: bool,
    /// Measure only this figure (repeatable; default: all of them).
    #[arg(long = "figure", value_name = "NAME")]
    pub figures: Vec<String>,
    /// Measure even where the sandbox cannot give full isolation (not root, no cgroups): the
    /// sandbox figures are then taken with what it can give (or the plain launcher) and marked.
    #[arg(long)]
    pub insecure: bool,
    /// Students of the synthetic contest of the platform figures (a finished round robin:
    /// N(N-1)/2 matches of two games).
    #[arg(long, value_name = "N", default_value_t = 100)]
    pub entrants: usize,
    /// Where the platform figures make their throwaway database.
    #[command(flatten)]
    pub db: crate::config::DbArgs,
    /// Measure the scoreboard figures with its render cache off (every request reads and renders
    /// the snapshot, as before the cache): the "before" of docs/bench.md.
    #[arg(long)]
    pub uncached_scoreboard: bool,
}

/// One measured figure and its baseline, measured in the same run.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Figure {
    #[serde(skip)]
    pub name: &'static str,
    pub value: f64,
    pub unit: &'static str,
    /// What the value is compared with (a name documented with the figure).
    pub baseline: &'static str,
    pub baseline_value: f64,
    /// `value / baseline_value`.
    pub ratio: f64,
    /// Set when the figure was not taken the documented way (e.g. a degraded sandbox).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

impl Figure {
    pub fn new(
        name: &'static str,
        value: f64,
        unit: &'static str,
        baseline: &'static str,
        baseline_value: f64,
    ) -> Figure {
        let ratio = if baseline_value > 0.0 { value / baseline_value } else { f64::NAN };
        Figure { name, value, unit, baseline, baseline_value, ratio, note: None }
    }
}

/// A figure's name and the function that measures it.
pub struct Measurement {
    pub name: &'static str,
    pub run: fn(&mut Bench) -> anyhow::Result<Figure>,
}

/// Every figure, in the order they are printed.
pub const MEASUREMENTS: &[Measurement] = &[
    Measurement { name: judge::MOVE_OVERHEAD, run: judge::move_overhead },
    Measurement { name: judge::SANDBOXED_START, run: judge::sandboxed_start },
    Measurement { name: judge::BUSY_SANDBOXED_START, run: judge::busy_sandboxed_start },
    Measurement { name: judge::DOUBLE_FORFEIT_GAME, run: judge::double_forfeit_game },
    Measurement { name: judge::GAMES_PER_SECOND, run: judge::games_per_second },
    Measurement { name: judge::THINK_TIME_UNDER_LOAD, run: judge::think_time_under_load },
    Measurement { name: platform::SCOREBOARD_REFRESH, run: platform::scoreboard_refresh },
    Measurement { name: platform::SCOREBOARD_REFRESH_RSS_MB, run: platform::scoreboard_refresh_rss_mb },
    Measurement { name: platform::SCHEDULE_SUBMISSION, run: platform::schedule_submission },
    Measurement { name: platform::SIMILARITY_INDEX, run: platform::similarity_index },
    Measurement { name: web::SCOREBOARD_PAGE_RPS, run: web::scoreboard_page_rps },
    Measurement { name: web::SCOREBOARD_API_RPS, run: web::scoreboard_api_rps },
    Measurement { name: ladder::LADDER_ACCURACY, run: ladder::ladder_accuracy },
    Measurement { name: ladder::LADDER_TOP_TEN, run: ladder::ladder_top_ten },
    Measurement { name: ladder::LADDER_LONGEST_WAIT, run: ladder::ladder_longest_wait },
];

/// The options and the shared set-up of one run.
pub struct Bench {
    pub quick: bool,
    pub insecure: bool,
    /// Measure the scoreboard figures with its render cache off.
    pub uncached_scoreboard: bool,
    judge: Option<judge::Kit>,
    /// The platform figures' contest size and database.
    pub entrants: usize,
    pub db: Option<crate::config::DbArgs>,
    platform: Option<Vec<crate::service::figures::Figure>>,
    web: Option<web::Kit>,
    ladder: Option<crate::service::ladder::simulation::Outcomes>,
}

impl Bench {
    pub fn new(quick: bool, insecure: bool) -> Bench {
        Bench {
            quick,
            insecure,
            judge: None,
            entrants: 100,
            db: None,
            platform: None,
            uncached_scoreboard: false,
            web: None,
            ladder: None,
        }
    }

    /// The ladder's simulation, run on first use.
    pub fn ladder(&mut self) -> &crate::service::ladder::simulation::Outcomes {
        let entrants = if self.quick { ladder::QUICK_ENTRANTS } else { ladder::ENTRANTS };
        self.ladder.get_or_insert_with(|| ladder::measure(entrants))
    }

    /// The platform figures, measured together on first use.
    pub fn platform(&mut self) -> anyhow::Result<&[crate::service::figures::Figure]> {
        if self.platform.is_none() {
            let db =
                self.db.as_ref().ok_or_else(|| anyhow::anyhow!("no database for the platform figures"))?;
            self.platform = Some(platform::measure(self.entrants, db)?);
        }
        Ok(self.platform.as_deref().expect("just measured"))
    }

    /// The web server on a throwaway database with the synthetic contest, started on first use.
    pub fn web(&mut self) -> anyhow::Result<&web::Kit> {
        if self.web.is_none() {
            self.web = Some(web::Kit::new(self.entrants, self.uncached_scoreboard)?);
        }
        Ok(self.web.as_ref().expect("just built"))
    }

    /// `normal` repetitions, or `quick` ones with `--quick`.
    pub fn reps(&self, normal: usize, quick: usize) -> usize {
        if self.quick {
            quick
        } else {
            normal
        }
    }

    /// The judge's set-up (launchers, compiled bots), built on first use.
    pub fn judge(&mut self) -> anyhow::Result<&judge::Kit> {
        if self.judge.is_none() {
            self.judge = Some(judge::Kit::new(self.insecure)?);
        }
        Ok(self.judge.as_ref().expect("just built"))
    }
}

pub fn run(args: BenchArgs) -> anyhow::Result<i32> {
    for name in &args.figures {
        if !MEASUREMENTS.iter().any(|m| m.name == name) {
            let known: Vec<&str> = MEASUREMENTS.iter().map(|m| m.name).collect();
            bail!("unknown figure `{name}` (known: {})", known.join(", "));
        }
    }
    let mut bench = Bench::new(args.quick, args.insecure);
    bench.entrants = args.entrants;
    bench.db = Some(args.db);
    bench.uncached_scoreboard = args.uncached_scoreboard;
    let progress = !args.json && std::io::IsTerminal::is_terminal(&std::io::stderr());
    let mut figures = Vec::new();
    for m in MEASUREMENTS {
        if !args.figures.is_empty() && !args.figures.iter().any(|n| n == m.name) {
            continue;
        }
        if progress {
            eprint!("measuring {}…\r", m.name);
        }
        let figure = (m.run)(&mut bench).map_err(|e| e.context(format!("measuring {}", m.name)))?;
        if progress {
            eprint!("{:width$}\r", "", width = m.name.len() + 13);
        }
        figures.push(figure);
    }
    let mut out = std::io::stdout().lock();
    if args.json {
        writeln!(out, "{}", to_json(&figures))?;
    } else {
        write!(out, "{}", table(&figures))?;
    }
    Ok(0)
}

/// `{"<figure>": {"value", "unit", "baseline", "baseline_value", "ratio"[, "note"]}}`.
pub fn to_json(figures: &[Figure]) -> serde_json::Value {
    let map: serde_json::Map<String, serde_json::Value> = figures
        .iter()
        .map(|f| (f.name.to_string(), serde_json::to_value(f).expect("a figure serializes")))
        .collect();
    serde_json::Value::Object(map)
}

/// A number with about four significant digits.
fn num(v: f64) -> String {
    if !v.is_finite() {
        return "-".to_string();
    }
    let digits = if v.abs() >= 1000.0 {
        0
    } else if v.abs() >= 100.0 {
        1
    } else if v.abs() >= 10.0 {
        2
    } else {
        3
    };
    format!("{v:.digits$}")
}

/// The table: figure, value, unit, baseline, baseline value, ratio; notes below.
pub fn table(figures: &[Figure]) -> String {
    let header = ["figure", "value", "unit", "baseline", "baseline value", "ratio"];
    let rows: Vec<[String; 6]> = figures
        .iter()
        .map(|f| {
            let mark = if f.note.is_some() { " *" } else { "" };
            [
                format!("{}{mark}", f.name),
                num(f.value),
                f.unit.to_string(),
                f.baseline.to_string(),
                num(f.baseline_value),
                format!("{}x", num(f.ratio)),
            ]
        })
        .collect();
    let mut widths = header.map(str::len);
    for row in &rows {
        for (w, cell) in widths.iter_mut().zip(row) {
            *w = (*w).max(cell.chars().count());
        }
    }
    let line = |cells: [&str; 6]| {
        let mut s = String::new();
        for (i, (cell, w)) in cells.iter().zip(widths).enumerate() {
            // Numbers right-aligned, words left-aligned.
            let numeric = matches!(i, 1 | 4 | 5);
            let pad = w.saturating_sub(cell.chars().count());
            if i > 0 {
                s.push_str("  ");
            }
            if numeric {
                s.push_str(&" ".repeat(pad));
                s.push_str(cell);
            } else {
                s.push_str(cell);
                s.push_str(&" ".repeat(pad));
            }
        }
        s.trim_end().to_string() + "\n"
    };
    let mut out = line(header);
    for row in &rows {
        out.push_str(&line([&row[0], &row[1], &row[2], &row[3], &row[4], &row[5]]));
    }
    for f in figures {
        if let Some(note) = &f.note {
            out.push_str(&format!("* {}: {note}\n", f.name));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ratio_is_the_value_over_the_baseline_and_the_json_is_keyed_by_figure() {
        let f = Figure::new("sandboxed_start", 3.0, "ms", "plain_start", 1.5);
        assert_eq!(f.ratio, 2.0);
        let json = to_json(&[f]);
        assert_eq!(
            json,
            serde_json::json!({"sandboxed_start": {
                "value": 3.0, "unit": "ms", "baseline": "plain_start", "baseline_value": 1.5, "ratio": 2.0
            }})
        );
    }

    #[test]
    fn the_table_has_a_row_per_figure_and_marks_the_noted_ones() {
        let mut a = Figure::new("move_overhead", 12.5, "us/move", "pipe_round_trip", 10.0);
        a.note = Some("sandbox degraded".into());
        let b = Figure::new("games_per_second", 150.0, "games/s", "plain_launcher", 300.0);
        let t = table(&[a, b]);
        let lines: Vec<&str> = t.lines().collect();
        assert!(lines[0].starts_with("figure") && lines[0].ends_with("ratio"), "{t}");
        assert!(lines[1].starts_with("move_overhead *") && lines[1].ends_with("1.250x"), "{t}");
        assert!(lines[2].starts_with("games_per_second") && lines[2].ends_with("0.500x"), "{t}");
        assert_eq!(lines[3], "* move_overhead: sandbox degraded");
    }

    #[test]
    fn every_figure_name_is_snake_case_and_unique() {
        let mut names: Vec<&str> = MEASUREMENTS.iter().map(|m| m.name).collect();
        assert!(names.iter().all(|n| n.chars().all(|c| c.is_ascii_lowercase() || c == '_')));
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), MEASUREMENTS.len());
    }
}
