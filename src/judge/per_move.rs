//! The driver of games whose bot is started afresh for every move (one-two-three): the whole
//! position goes to standard input, the new position comes back on standard output, and the
//! whole process run is timed.

use super::bot::looks_like_out_of_memory;
use super::result::ForfeitKind;
use super::table::{over_detail, quote, Clock, Ending, Foul, Heard, Overrun, Table};
use crate::games::{Side, TurnGame};
use std::time::{Duration, Instant};

/// Lines beyond the expected answer after which a bot is stopped at once.
const EXTRA_LINES: usize = 64;

/// What a one-process-per-move game needs beyond its rules.
pub trait PerMoveProtocol<G: TurnGame> {
    /// The bot's whole standard input for the position (`"M N\r\n"`, rows, mover letter).
    fn input(&self, game: &G) -> String;
    /// The answer's shape: (lines, characters per line).
    fn shape(&self, game: &G) -> (usize, usize);
    /// The score of a game lost by forfeit, first side first.
    fn forfeit_score(&self, _game: &G, _winner: Side) -> Option<[String; 2]> {
        None
    }
}

/// Plays one game to its end, one process per move, and returns how it ended.
pub fn play_per_move_game<G: TurnGame, P: PerMoveProtocol<G>>(
    table: &mut Table,
    proto: &P,
    game: G,
) -> Ending {
    table.debug_lines = false;
    // The backstop of the slower seat (a language's time factor may lengthen one side's moves).
    let longest = table.seat_limits(Side::First).per_move.max(table.seat_limits(Side::Second).per_move);
    table.cpu_time_limit = longest + Duration::from_secs(1);
    let mut game = game;
    let mut moves = Vec::new();
    let foul = run(table, proto, &mut game, &mut moves).err();
    table.note_foul(foul.as_ref());
    table.finish([None, None]);
    let outcome = game.outcome();
    let forfeit_score = foul.as_ref().and_then(|f| proto.forfeit_score(&game, f.side.other()));
    Ending { outcome, foul, moves, params: serde_json::Value::Null, forfeit_score }
}

fn run<G: TurnGame, P: PerMoveProtocol<G>>(
    table: &mut Table,
    proto: &P,
    game: &mut G,
    moves: &mut Vec<serde_json::Value>,
) -> Result<(), Foul> {
    while game.outcome().is_none() {
        let side = game.turn();
        let answer = one_move(table, proto, game, side);
        table.end_process(side);
        let mv = answer?;
        game.play(&mv).map_err(|e| {
            let shown = G::record(&mv);
            Foul::new(side, ForfeitKind::IllegalMove, format!("{shown}: {e}"))
        })?;
        table.record_move(moves, G::record(&mv));
    }
    Ok(())
}

/// Runs the bot of `side` on the position and reads its move.
fn one_move<G: TurnGame, P: PerMoveProtocol<G>>(
    table: &mut Table,
    proto: &P,
    game: &G,
    side: Side,
) -> Result<G::Move, Foul> {
    let (limit, kind) = table.move_limit(side);
    let (rows, cols) = proto.shape(game);
    let started = Instant::now();
    table.launch(side, &[])?;
    // The whole run is charged: its CPU time from its start where the launch counts it (a
    // pre-started instance's set-up before the launch is not the bot's), else the wall time.
    let clock = Clock { since: started, limit, cpu_since: table.cpu_time(side) };
    let bank = (kind == ForfeitKind::TimeBank).then(|| table.limits.bank.unwrap_or_default());
    let deadline = clock.wall_deadline();
    let still_running = |overrun: Overrun| match overrun {
        Overrun::Wall => format!("still running after {} ms", limit.as_millis()),
        _ => clock.describe(overrun, "move", bank),
    };
    table.send_raw(side, &proto.input(game));
    let stuck = match table.running(side) {
        Some(r) => {
            let flushed = r.input.flush_until(deadline);
            r.input.close();
            flushed == super::bot::Flushed::Stuck
        }
        None => false,
    };
    if stuck {
        table.add_think(side, limit);
        let waited = deadline.saturating_duration_since(started).as_millis();
        return Err(Foul::new(side, kind, format!("did not read its input within {waited} ms")));
    }
    let mut lines: Vec<String> = Vec::new();
    loop {
        let look = clock.next_look(table.cpu_time(side), Instant::now());
        match table.next_event(Some(look))? {
            None => {
                let Some(overrun) = clock.overrun(table.cpu_time(side), Instant::now()) else { continue };
                table.add_think(side, limit);
                return Err(Foul::new(side, kind, still_running(overrun)));
            }
            Some(Heard::Line { text, .. }) => {
                lines.push(text);
                if lines.len() > rows + EXTRA_LINES {
                    return Err(Foul::new(side, ForfeitKind::BadOutput, format!("more than {rows} lines")));
                }
            }
            Some(Heard::Eof { .. }) => break,
        }
    }
    let r = table.running(side).expect("the bot was started");
    let exit = r.wait(deadline.saturating_duration_since(Instant::now()));
    let ended = Instant::now();
    let oom_words = exit.as_ref().is_some_and(|e| !e.success())
        && looks_like_out_of_memory(&r.stderr_tail(Duration::from_millis(200)));
    let Some(exit) = exit else {
        table.add_think(side, limit);
        let overrun = clock.overrun(table.cpu_time(side), ended).unwrap_or(Overrun::Wall);
        return Err(Foul::new(side, kind, still_running(overrun)));
    };
    // Ended and reaped: its CPU time is the whole run's.
    let took = clock.charged(table.cpu_time(side), ended);
    table.add_think(side, took);
    if took > limit {
        return Err(Foul::new(side, kind, over_detail(&clock, took, bank)));
    }
    if exit.memory_limit_hit || oom_words {
        let peak = exit.peak_memory_kib.map(|k| format!(", peak {k} KiB")).unwrap_or_default();
        let detail = format!("{}{peak}, limit {} MiB", exit.describe(), table.limits.memory_mib);
        return Err(Foul::new(side, ForfeitKind::MemoryLimit, detail));
    }
    while lines.last().is_some_and(|l| l.trim().is_empty()) {
        lines.pop();
    }
    if lines.first().is_some_and(|l| l.trim() == "error") {
        let why = lines.get(1).map_or_else(|| "no reason given".to_string(), |l| quote(l));
        return Err(Foul::new(
            side,
            ForfeitKind::BadOutput,
            format!("printed \"error\" on a valid position: {why}"),
        ));
    }
    if !exit.success() {
        return Err(Foul::new(side, ForfeitKind::Exited, exit.describe()));
    }
    if lines.len() != rows {
        let detail = format!("expected {rows} lines of {cols} characters, got {} lines", lines.len());
        return Err(Foul::new(side, ForfeitKind::BadOutput, detail));
    }
    if let Some(bad) = lines.iter().find(|l| l.chars().count() != cols) {
        let detail = format!("expected lines of {cols} characters, got {}", quote(bad));
        return Err(Foul::new(side, ForfeitKind::BadOutput, detail));
    }
    let text = lines.join("\n");
    text.parse::<G::Move>().map_err(|e| Foul::new(side, ForfeitKind::BadOutput, e.to_string()))
}
