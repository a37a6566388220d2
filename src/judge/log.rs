//! The transcript of one game: every line each way with its time, each bot's DEBUG output and
//! standard error (capped), and the verdict.
//!
//! A student may see the log of any game their bot played, but never another bot's DEBUG output
//! or standard error, so those entries carry the bot they belong to and
//! [`GameLog::to_text_for`] leaves out the other bot's.

use super::result::BotId;
use serde::{Deserialize, Serialize};
use std::fmt::Write as _;

/// A DEBUG message (or a line of standard error) is cut to this many bytes.
pub const MESSAGE_CAP: usize = 16 * 1024;
/// Once a bot's DEBUG output in one game reaches this many bytes, the rest is dropped; the same
/// cap applies, separately, to its standard error.
pub const GAME_CAP: usize = 32 * 1024;
/// Protocol lines (moves, garbage) are logged up to this many bytes.
pub const LINE_LOG_CAP: usize = 16 * 1024;

/// Where a logged line went.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Channel {
    /// The judge wrote it to the bot's standard input.
    ToBot,
    /// The bot printed it on standard output (not DEBUG).
    FromBot,
    /// A `DEBUG` message of the bot (what follows the first 6 characters of a line beginning
    /// with `DEBUG`).
    Debug,
    /// A line of the bot's standard error.
    Stderr,
    /// A note of the judge (a forfeit, the end of the game, a cap reached).
    Judge,
}

/// One line of the transcript.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LogEntry {
    /// Milliseconds since the game started.
    pub ms: u64,
    /// The bot it concerns (`None` for judge notes about the whole game).
    pub bot: Option<BotId>,
    pub channel: Channel,
    pub text: String,
    /// For DEBUG and standard-error lines: how many moves had been played when the bot said it
    /// (so `0` came with the first move), which lets a replay show each line beside its move.
    /// Absent in logs stored before lines were tied to moves.
    #[serde(default, rename = "move", skip_serializing_if = "Option::is_none")]
    pub at_move: Option<usize>,
}

/// The transcript of one game.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameLog {
    /// A title line: the game and its index in the match.
    pub title: String,
    /// The two bots in seat order (first mover first), with their labels.
    pub seats: Vec<(BotId, String)>,
    pub entries: Vec<LogEntry>,
    /// How the game ended, in words.
    pub verdict: String,
    #[serde(skip)]
    debug_bytes: [usize; 2],
    #[serde(skip)]
    stderr_bytes: [usize; 2],
    /// Moves played so far ([`GameLog::moved`]), stamped on DEBUG and standard-error lines.
    #[serde(skip)]
    moves: usize,
}

fn bot_index(bot: BotId) -> usize {
    match bot {
        BotId::A => 0,
        BotId::B => 1,
    }
}

/// The longest prefix of `s` of at most `max` bytes that ends on a character boundary.
pub fn cut(s: &str, max: usize) -> &str {
    if s.len() <= max {
        return s;
    }
    let mut end = max;
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    &s[..end]
}

impl GameLog {
    pub fn new(title: impl Into<String>, seats: Vec<(BotId, String)>) -> GameLog {
        GameLog { title: title.into(), seats, ..GameLog::default() }
    }

    fn push(&mut self, ms: u64, bot: Option<BotId>, channel: Channel, text: String) {
        let at_move = matches!(channel, Channel::Debug | Channel::Stderr).then_some(self.moves);
        self.entries.push(LogEntry { ms, bot, channel, text, at_move });
    }

    /// A move was played: the lines logged from now on came with the next one.
    pub fn moved(&mut self) {
        self.moves += 1;
    }

    /// A protocol line, either way (long lines are cut, with their length noted).
    pub fn line(&mut self, ms: u64, bot: BotId, channel: Channel, text: &str) {
        let text = if text.len() > LINE_LOG_CAP {
            format!("{}… ({} bytes)", cut(text, LINE_LOG_CAP), text.len())
        } else {
            text.to_string()
        };
        self.push(ms, Some(bot), channel, text);
    }

    /// A judge note.
    pub fn note(&mut self, ms: u64, bot: Option<BotId>, text: impl Into<String>) {
        self.push(ms, bot, Channel::Judge, text.into());
    }

    /// A DEBUG message, under the per-message and per-game caps.
    pub fn debug(&mut self, ms: u64, bot: BotId, message: &str) {
        self.capped(ms, bot, Channel::Debug, message);
    }

    /// A line of standard error, under the same caps as DEBUG (counted separately).
    pub fn stderr(&mut self, ms: u64, bot: BotId, line: &str) {
        self.capped(ms, bot, Channel::Stderr, line);
    }

    fn capped(&mut self, ms: u64, bot: BotId, channel: Channel, text: &str) {
        let i = bot_index(bot);
        let used = match channel {
            Channel::Debug => &mut self.debug_bytes[i],
            _ => &mut self.stderr_bytes[i],
        };
        if *used >= GAME_CAP {
            return;
        }
        let room = (GAME_CAP - *used).min(MESSAGE_CAP);
        let kept = cut(text, room);
        *used += kept.len();
        let full = *used >= GAME_CAP;
        let what = if channel == Channel::Debug { "DEBUG output" } else { "standard error" };
        self.push(ms, Some(bot), channel, kept.to_string());
        if full {
            self.note(ms, Some(bot), format!("{what} reached {GAME_CAP} bytes; the rest is dropped"));
        }
    }

    /// Bytes of DEBUG output and of standard error logged for `bot`.
    pub fn capped_bytes(&self, bot: BotId) -> (usize, usize) {
        (self.debug_bytes[bot_index(bot)], self.stderr_bytes[bot_index(bot)])
    }

    /// The whole transcript, as an admin sees it.
    pub fn to_text(&self) -> String {
        self.to_text_for(None)
    }

    /// The transcript as `viewer` may see it: with only that bot's DEBUG output and standard
    /// error (`None`: everything).
    pub fn to_text_for(&self, viewer: Option<BotId>) -> String {
        let mut out = String::new();
        let _ = writeln!(out, "# {}", self.title);
        for (i, (bot, label)) in self.seats.iter().enumerate() {
            let _ = writeln!(out, "# seat {}: {} = {}", i + 1, bot.as_str(), label);
        }
        for e in &self.entries {
            let private = matches!(e.channel, Channel::Debug | Channel::Stderr);
            if private && viewer.is_some() && e.bot != viewer {
                continue;
            }
            let who = e.bot.map_or("-", BotId::as_str);
            let tag = match e.channel {
                Channel::ToBot => "<",
                Channel::FromBot => ">",
                Channel::Debug => "DEBUG",
                Channel::Stderr => "stderr",
                Channel::Judge => "judge",
            };
            let _ = writeln!(out, "{:>6}.{:03} {who} {tag} {}", e.ms / 1000, e.ms % 1000, e.text);
        }
        let _ = writeln!(out, "# verdict: {}", self.verdict);
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn debug_output_is_cut_per_message_and_per_game() {
        let mut log = GameLog::new("t", vec![]);
        let big = "x".repeat(20_000);
        log.debug(0, BotId::A, &big);
        assert_eq!(log.entries[0].text.len(), MESSAGE_CAP);
        log.debug(1, BotId::A, &big);
        log.debug(2, BotId::A, &big);
        assert_eq!(log.capped_bytes(BotId::A).0, GAME_CAP);
        log.stderr(3, BotId::A, "still logged");
        assert_eq!(log.capped_bytes(BotId::A).1, 12);
        assert_eq!(log.capped_bytes(BotId::B), (0, 0));
    }

    #[test]
    fn a_student_sees_only_their_own_debug_output() {
        let mut log = GameLog::new("t", vec![(BotId::A, "a.c".into()), (BotId::B, "b.py".into())]);
        log.line(0, BotId::A, Channel::ToBot, "START 1");
        log.debug(1, BotId::A, "secret of a");
        log.stderr(2, BotId::B, "secret of b");
        let a = log.to_text_for(Some(BotId::A));
        assert!(a.contains("START 1") && a.contains("secret of a") && !a.contains("secret of b"));
        let all = log.to_text();
        assert!(all.contains("secret of a") && all.contains("secret of b"));
    }

    #[test]
    fn cutting_respects_character_boundaries() {
        assert_eq!(cut("héllo", 2), "h");
        assert_eq!(cut("héllo", 3), "hé");
    }
}
