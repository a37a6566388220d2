//! How a game ends: a bot's [`Foul`], the driver's [`Ending`], the final messages and the
//! kill of both bots ([`Table::finish`]) and the game's result ([`Table::result`]).

use std::time::{Duration, Instant};

use super::{Seat, Table, EXIT_GRACE};
use crate::games::{Outcome, Side};
use crate::judge::bot::{debug_message, BotEvent, RunningBot};
use crate::judge::log::{cut, Channel};
use crate::judge::result::{EndReason, Forfeit, ForfeitKind, GameResult, JudgeReason, PerBot};
use crate::judge::threads;

/// A rule broken by the bot in `side`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Foul {
    pub side: Side,
    pub kind: ForfeitKind,
    pub detail: String,
}

impl Foul {
    pub fn new(side: Side, kind: ForfeitKind, detail: impl Into<String>) -> Foul {
        Foul { side, kind, detail: detail.into() }
    }
}

/// A bot's line, quoted for a forfeit's detail (long lines cut).
pub fn quote(line: &str) -> String {
    if line.len() > 200 {
        format!("{:?}… ({} bytes)", cut(line, 200), line.len())
    } else {
        format!("{line:?}")
    }
}

/// A score as JSON: a number when it fits, else its decimal string (mathtricks totals are
/// unbounded).
fn score_value(s: String) -> serde_json::Value {
    match s.parse::<i64>() {
        Ok(n) => serde_json::Value::from(n),
        Err(_) => serde_json::Value::String(s),
    }
}

/// How a driver saw a game end.
#[derive(Clone, Debug, Default)]
pub struct Ending {
    /// The rules' outcome, when the game was played out.
    pub outcome: Option<Outcome>,
    /// The forfeit, when a bot broke a rule (it decides the game over any outcome).
    pub foul: Option<Foul>,
    pub moves: Vec<serde_json::Value>,
    pub params: serde_json::Value,
    /// The score of a game lost by forfeit, where the game defines one.
    pub forfeit_score: Option<[String; 2]>,
}

impl Table<'_> {
    /// Ends the game: sends each seat its final line (if any), gives the bots a short grace to
    /// exit, kills both process trees, and logs what they still said.
    pub fn finish(&mut self, last: [Option<String>; 2]) {
        for side in [Side::First, Side::Second] {
            self.seats[side.index()].owed = None;
            if let Some(line) = &last[side.index()] {
                if self.seats[side.index()].running.is_some() {
                    self.send(side, line);
                }
            }
        }
        let grace_end = Instant::now() + EXIT_GRACE;
        for seat in &mut self.seats {
            if let Some(r) = seat.running.as_mut() {
                r.input.flush_until(grace_end);
                r.input.close();
            }
        }
        // Both at once: each bot gets the whole grace, and the two trees are killed and reaped
        // side by side.
        let stop = |seat: &mut Seat| {
            if let Some(r) = seat.running.as_mut() {
                r.wait(grace_end.saturating_duration_since(Instant::now()));
                r.kill();
            }
            seat.note_peak();
        };
        let [first, second] = &mut self.seats;
        let ended = |seat: &mut Seat| seat.running.as_mut().is_none_or(|r| r.wait(Duration::ZERO).is_some());
        if ended(first) || ended(second) {
            // At most one bot to wait for or kill (the other exited, as the bot that forfeited
            // by exiting has): a thread would cost more than the ended one's short stop, and
            // the other gets its whole grace all the same.
            stop(first);
            stop(second);
        } else {
            std::thread::scope(|s| {
                s.spawn(|| stop(second));
                stop(first);
            });
        }
        // Log what is still in the pipes (standard error written while dying), briefly.
        let drain_end = Instant::now() + Duration::from_millis(300);
        // Both pipes of each process, less the ends of file already seen.
        let mut open: usize =
            self.seats.iter().filter(|s| s.running.is_some()).map(|s| 2usize.saturating_sub(s.eofs)).sum();
        while open > 0 {
            let Ok(tagged) = self.rx.recv_timeout(drain_end.saturating_duration_since(Instant::now())) else {
                break;
            };
            let seat = &self.seats[tagged.side.index()];
            if tagged.generation != seat.generation {
                continue;
            }
            let (bot, ms) = (seat.bot, self.ms(tagged.event.at()));
            match tagged.event {
                BotEvent::Line { text, .. } => match debug_message(&text).filter(|_| self.debug_lines) {
                    Some(msg) => self.private_line(ms, bot, Channel::Debug, msg),
                    None => self.log.line(ms, bot, Channel::FromBot, &text),
                },
                BotEvent::Stderr { text, .. } => self.private_line(ms, bot, Channel::Stderr, &text),
                BotEvent::OutputLimit { .. } => {}
                BotEvent::Eof { .. } | BotEvent::StderrEof { .. } => open -= 1,
            }
        }
        // Killed and reaped: what is left to release goes off the game's path.
        let done: Vec<RunningBot> = self.seats.iter_mut().filter_map(|s| s.running.take()).collect();
        threads::drop_off_path(done);
    }

    /// Builds the game's result and finishes its log with the verdict.
    pub fn result(&mut self, index: u32, ending: Ending) -> GameResult {
        let seats = [self.seats[0].bot, self.seats[1].bot];
        let now = self.ms(Instant::now());
        let (winner, reason, score, forfeit) = match (&ending.foul, &ending.outcome) {
            (Some(foul), _) => {
                let forfeit =
                    Forfeit { bot: self.bot(foul.side), kind: foul.kind, detail: foul.detail.clone() };
                (
                    Some(foul.side.other()),
                    EndReason::Judge(JudgeReason::Forfeit),
                    ending.forfeit_score.clone(),
                    Some(forfeit),
                )
            }
            (None, Some(o)) => (o.winner, EndReason::Rule(o.reason), o.score.clone(), None),
            (None, None) => (None, EndReason::Judge(JudgeReason::Unfinished), None, None),
        };
        let winner = winner.map(|s| seats[s.index()]);
        self.log.verdict = match (&forfeit, winner) {
            (Some(f), _) => format!(
                "{} forfeits: {} ({}); {} wins",
                f.bot.as_str(),
                f.kind.as_str(),
                f.detail,
                f.bot.other().as_str()
            ),
            (None, Some(w)) => format!("{} wins ({reason})", w.as_str()),
            (None, None) => format!("draw ({reason})"),
        };
        let verdict = self.log.verdict.clone();
        self.log.note(now, None, verdict);
        let think_ms =
            PerBot::from([0, 1].map(|i| (self.seats[i].bot, self.seats[i].think.as_millis() as u64)));
        let peak_memory_kib = PerBot::from([0, 1].map(|i| (self.seats[i].bot, self.seats[i].peak_kib)));
        let time_factor = PerBot::from([0, 1].map(|i| (self.seats[i].bot, self.seats[i].factor.as_f64())));
        GameResult {
            index,
            seats,
            params: ending.params,
            moves: ending.moves,
            winner,
            score: score.map(|s| s.map(score_value)),
            reason,
            forfeit,
            think_ms,
            peak_memory_kib,
            time_factor,
        }
    }
}
