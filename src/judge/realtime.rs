//! The driver of the real-time game (tron): both bots print directions whenever they like, and
//! the judge moves both lines on a clock.
//!
//! Sequence: each bot gets its player number (`1`/`2`) and must print its name within
//! `start_ms`; both get `PELI W H ms`; after a pause the ticks start. Each tick applies the
//! last direction each bot printed before it, then sends both bots `SIIRTO 1 x y` and
//! `SIIRTO 2 x y`. `PING` is answered with `PONG` at once, in order with the other messages.
//! At the end both get `LOPPU`. Any other line is `bad_output`.

use super::result::ForfeitKind;
use super::table::{quote, Ending, Foul, Table};
use crate::games::{Outcome, Side};
use std::fmt::Display;
use std::str::FromStr;
use std::time::{Duration, Instant};

/// The pause between `PELI` and the first tick.
pub const PAUSE: Duration = Duration::from_secs(1);

/// A simultaneous game moved by the clock.
pub trait RealTimeGame {
    /// A direction as bots print it (`+X`).
    type Dir: Clone + FromStr + Display;
    /// The direction used until a bot announces one.
    fn default_dir(side: Side) -> Self::Dir;
    /// Width and height, for `PELI`.
    fn size(&self) -> (u32, u32);
    /// Both heads, player 1 first.
    fn heads(&self) -> [(u32, u32); 2];
    /// One tick with both directions; `Some` once the game is over.
    fn tick(&mut self, dirs: [Self::Dir; 2]) -> Option<Outcome>;
}

/// Whether a tron name is acceptable: 3 to 9 of `A-Z a-z 0-9 - _`.
pub fn valid_name(name: &str) -> bool {
    (3..=9).contains(&name.len()) && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
}

/// Plays one game with ticks of `tick` after a pause of `pause`.
pub fn play_real_time_game<G: RealTimeGame>(
    table: &mut Table,
    game: G,
    tick: Duration,
    pause: Duration,
) -> Ending {
    // The ticks come by the wall clock, whatever the bots use: so does the name's time limit,
    // and a bot starved by other work on the machine misses ticks (its last direction holds).
    table.charge_cpu = false;
    let mut game = game;
    let mut moves = Vec::new();
    let mut outcome = None;
    let foul = run(table, &mut game, tick, pause, &mut moves, &mut outcome).err();
    table.note_foul(foul.as_ref());
    table.finish([Some("LOPPU".to_string()), Some("LOPPU".to_string())]);
    Ending { outcome, foul, moves, params: serde_json::Value::Null, forfeit_score: None }
}

fn run<G: RealTimeGame>(
    table: &mut Table,
    game: &mut G,
    tick: Duration,
    pause: Duration,
    moves: &mut Vec<serde_json::Value>,
    outcome: &mut Option<Outcome>,
) -> Result<(), Foul> {
    let sides = [Side::First, Side::Second];
    table.launch_both([&[], &[]])?;
    for side in sides {
        table.send(side, &side.number().to_string());
        table.prompt(side, true, "a name")?;
    }
    let mut dirs = [G::default_dir(Side::First), G::default_dir(Side::Second)];
    while sides.iter().any(|&s| table.owes(s)) {
        let (side, line, _, owed) = table.next_answer_or_talk(true)?;
        if !owed {
            // Named already: directions and PING count from the name on.
            talk::<G>(table, &mut dirs, side, &line)?;
            continue;
        }
        if !valid_name(&line) {
            let detail = format!("bad name {} (3-9 of A-Z a-z 0-9 - _)", quote(&line));
            return Err(Foul::new(side, ForfeitKind::BadOutput, detail));
        }
        table.log.note(table.ms(Instant::now()), Some(table.bot(side)), format!("name {line}"));
    }
    let (w, h) = game.size();
    let peli = format!("PELI {w} {h} {}", tick.as_millis());
    for side in sides {
        table.send(side, &peli);
    }
    table.pump_input();
    let mut next_tick = Instant::now() + pause;
    loop {
        let heard = table.next_line(Some(next_tick))?;
        // A line read after the tick time counts for the next tick: play the tick first.
        let due = match &heard {
            None => true,
            Some((_, _, at)) => *at >= next_tick,
        };
        if due {
            if let Some(o) = play_tick(table, game, dirs.clone(), moves) {
                *outcome = Some(o);
                return Ok(());
            }
            next_tick += tick;
        }
        if let Some((side, line, _)) = heard {
            talk::<G>(table, &mut dirs, side, &line)?;
        }
        table.pump_input();
    }
}

/// A line of a named bot: `PING`, or a direction.
fn talk<G: RealTimeGame>(
    table: &mut Table,
    dirs: &mut [G::Dir; 2],
    side: Side,
    line: &str,
) -> Result<(), Foul> {
    if line == "PING" {
        table.send(side, "PONG");
        table.pump_input();
        return Ok(());
    }
    match line.parse::<G::Dir>() {
        Ok(d) => {
            dirs[side.index()] = d;
            Ok(())
        }
        Err(_) => Err(Foul::new(side, ForfeitKind::BadOutput, quote(line))),
    }
}

fn play_tick<G: RealTimeGame>(
    table: &mut Table,
    game: &mut G,
    dirs: [G::Dir; 2],
    moves: &mut Vec<serde_json::Value>,
) -> Option<Outcome> {
    let outcome = game.tick(dirs);
    let heads = game.heads();
    table.record_move(moves, serde_json::json!([[heads[0].0, heads[0].1], [heads[1].0, heads[1].1]]));
    for side in [Side::First, Side::Second] {
        for (i, (x, y)) in heads.iter().enumerate() {
            table.send(side, &format!("SIIRTO {} {x} {y}", i + 1));
        }
    }
    outcome
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_three_to_nine_plain_characters() {
        assert!(valid_name("abc") && valid_name("Bot_9-x") && valid_name("123456789"));
        assert!(
            !valid_name("ab") && !valid_name("1234567890") && !valid_name("bad name") && !valid_name("äbc")
        );
    }
}
