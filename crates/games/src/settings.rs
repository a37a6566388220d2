//! Game and limit settings: a typed struct per game, parsed and validated once, from the same
//! names everywhere (`botarena play --set`, contest settings, the admin settings page).
//!
//! The names, defaults, ranges and help texts are one table per game ([`defs`] shows it to the
//! form and the docs); each row also knows which field of the typed settings it fills, so a name
//! is looked up only where text comes in (`NAME=VALUE`, the stored JSON) and goes out (display,
//! storage). Code that plays a game reads fields: `settings.common().move_ms`,
//! `GameSettings::Connect4(c) => c.rows`.
//!
//! Beside the tables, one family of names: `time_factor.LANGUAGE=F` multiplies the start time,
//! move time and time bank of the bots written in LANGUAGE ([`TimeFactor`]). Which languages exist
//! is the server's configuration, so the callers that know it check the names.

use super::GameId;
use serde::{Serialize, Serializer};
use std::collections::BTreeMap;
use std::fmt;
use std::time::Duration;

/// A board size list entry: columns x rows, with a tick length for tron. Stored in a game's plan
/// as `{"width", "height", "ms"}` (`ms` null but for tron).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
pub struct BoardSize {
    pub width: u32,
    pub height: u32,
    /// Tron only: milliseconds per tick.
    pub ms: Option<u32>,
}

impl fmt::Display for BoardSize {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.width, self.height)?;
        if let Some(ms) = self.ms {
            write!(f, "x{ms}")?;
        }
        Ok(())
    }
}

/// The prefix of the per-language time factors: `time_factor.python=3`.
pub const TIME_FACTOR_PREFIX: &str = "time_factor.";

/// A multiplier of one language's time limits (start, move, bank), as Botzone and DMOJ give
/// slower languages more time: 0.1 to 10 in steps of 0.01, kept in hundredths so that settings
/// compare exactly and print as they were written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct TimeFactor(u16);

impl TimeFactor {
    /// No change: the factor of every language not given one.
    pub const ONE: TimeFactor = TimeFactor(100);
    /// The range, in hundredths: 0.1 (a tenth of the time) to 10.
    const MIN: u16 = 10;
    const MAX: u16 = 1000;

    /// Parses `3`, `1.5`, `0.25`: a number from 0.1 to 10 with at most two decimals.
    pub fn parse(text: &str) -> Result<TimeFactor, ValueProblem> {
        let range = ValueProblem::Factor;
        let (whole, frac) = text.split_once('.').unwrap_or((text, ""));
        let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
        let shape_ok = !whole.is_empty() && whole.len() <= 2 && frac.len() <= 2 && !text.ends_with('.');
        if !shape_ok || !digits(whole) || !digits(frac) {
            return Err(range);
        }
        let whole: u16 = whole.parse().map_err(|_| range.clone())?;
        let frac: u16 =
            if frac.is_empty() { 0 } else { format!("{frac:0<2}").parse().map_err(|_| range.clone())? };
        let hundredths = whole * 100 + frac;
        if !(Self::MIN..=Self::MAX).contains(&hundredths) {
            return Err(range);
        }
        Ok(TimeFactor(hundredths))
    }

    /// `d` multiplied by the factor.
    pub fn scale(self, d: Duration) -> Duration {
        d * u32::from(self.0) / 100
    }

    /// The factor as a number, for JSON.
    pub fn as_f64(self) -> f64 {
        f64::from(self.0) / 100.0
    }
}

impl Default for TimeFactor {
    fn default() -> TimeFactor {
        TimeFactor::ONE
    }
}

impl fmt::Display for TimeFactor {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (whole, frac) = (self.0 / 100, self.0 % 100);
        match frac {
            0 => write!(f, "{whole}"),
            _ if frac.is_multiple_of(10) => write!(f, "{whole}.{}", frac / 10),
            _ => write!(f, "{whole}.{frac:02}"),
        }
    }
}

impl Serialize for TimeFactor {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        if self.0.is_multiple_of(100) {
            s.serialize_u64(u64::from(self.0 / 100))
        } else {
            s.serialize_f64(self.as_f64())
        }
    }
}

/// Whether `name` can be a language id in a `time_factor.` name (the configuration's ids are
/// short words: `c`, `cpp`, `python`).
fn is_language_word(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= 32
        && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-' || b == b'+')
}

/// The kind of value a setting holds, with its valid range.
#[derive(Clone, Copy, Debug)]
pub enum Kind {
    Int {
        min: u64,
        max: u64,
        /// Why the range is what it is, told with the error when a value falls outside it.
        why: Option<&'static str>,
    },
    /// A comma-separated list of `WxH` (or `WxHxMS` when `tick` is set).
    Boards {
        min_side: u32,
        /// Largest width and largest height (tron's grid is wider than it is high).
        max_width: u32,
        max_height: u32,
        even: bool,
        tick: Option<(u32, u32)>,
    },
}

/// One setting a game accepts, as the admin form and the docs show it.
#[derive(Clone, Copy, Debug)]
pub struct Def {
    pub name: &'static str,
    pub default: &'static str,
    pub kind: Kind,
    pub help: &'static str,
}

/// The limits every game has (the first rows of every game's table).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Common {
    /// Time to answer the first message.
    pub start_ms: u64,
    /// Time per move.
    pub move_ms: u64,
    /// Thinking time per game; 0 = no bank.
    pub bank_ms: u64,
    /// Memory limit per bot.
    pub memory_mib: u64,
    /// Games per match (sides swapped).
    pub games: u32,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CheckersSettings {
    /// Rounds before the game is scored by material.
    pub max_rounds: u32,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Connect4Settings {
    pub rows: u32,
    pub cols: u32,
    /// Discs in a row that win.
    pub connect: u32,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OneTwoThreeSettings {
    /// Columns x rows; each board is played with each bot first.
    pub boards: Vec<BoardSize>,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MathtricksSettings {
    /// Width x height; each board is played with each bot first.
    pub boards: Vec<BoardSize>,
}

#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct TronSettings {
    /// Width x height x tick; each board is played with each bot first.
    pub boards: Vec<BoardSize>,
}

/// The parameters of one game's rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GameSettings {
    Checkers(CheckersSettings),
    Connect4(Connect4Settings),
    OneTwoThree(OneTwoThreeSettings),
    Mathtricks(MathtricksSettings),
    Tron(TronSettings),
}

impl GameSettings {
    pub fn game(&self) -> GameId {
        match self {
            GameSettings::Checkers(_) => GameId::Checkers,
            GameSettings::Connect4(_) => GameId::Connect4,
            GameSettings::OneTwoThree(_) => GameId::OneTwoThree,
            GameSettings::Mathtricks(_) => GameId::Mathtricks,
            GameSettings::Tron(_) => GameId::Tron,
        }
    }

    /// The board list of a game played on a list of boards (one-two-three, mathtricks, tron);
    /// empty for the others.
    pub fn boards(&self) -> &[BoardSize] {
        match self {
            GameSettings::Checkers(_) | GameSettings::Connect4(_) => &[],
            GameSettings::OneTwoThree(s) => &s.boards,
            GameSettings::Mathtricks(s) => &s.boards,
            GameSettings::Tron(s) => &s.boards,
        }
    }
}

/// Where a row of a table writes its checked value, and reads it back.
enum Slot<T> {
    Int { min: u64, max: u64, why: Option<&'static str>, get: fn(&T) -> u64, put: fn(&mut T, u64) },
    Boards { rule: BoardRule, get: fn(&T) -> &[BoardSize], put: fn(&mut T, Vec<BoardSize>) },
}

#[derive(Clone, Copy, Debug)]
struct BoardRule {
    min_side: u32,
    max_width: u32,
    max_height: u32,
    even: bool,
    tick: Option<(u32, u32)>,
}

/// One row of a table: a setting of the part `T` of a game's settings.
struct Entry<T> {
    name: &'static str,
    default: &'static str,
    help: &'static str,
    slot: Slot<T>,
}

/// An integer row whose name is the field's; every range fits in `u32` (a test checks), so the
/// checked value converts without loss. `because` gives the reason for the range, told with the
/// error when a value falls outside it.
macro_rules! int {
    ($field:ident: $ty:ty, $default:expr, $min:expr, $max:expr, $help:expr) => {
        int!($field: $ty, $default, $min, $max, $help, None)
    };
    ($field:ident: $ty:ty, $default:expr, $min:expr, $max:expr, $help:expr, because $why:expr) => {
        int!($field: $ty, $default, $min, $max, $help, Some($why))
    };
    ($field:ident: $ty:ty, $default:expr, $min:expr, $max:expr, $help:expr, $why:expr) => {
        Entry {
            name: stringify!($field),
            default: $default,
            help: $help,
            slot: Slot::Int {
                min: $min,
                max: $max,
                why: $why,
                get: |s| u64::from(s.$field),
                put: |s, n| s.$field = n as $ty,
            },
        }
    };
}

/// The `boards` row of a game played on a list of boards.
macro_rules! boards {
    ($default:expr, $rule:expr, $help:expr) => {
        Entry {
            name: "boards",
            default: $default,
            help: $help,
            slot: Slot::Boards { rule: $rule, get: |s| &s.boards, put: |s, list| s.boards = list },
        }
    };
}

impl<T> Entry<T> {
    fn def(&self) -> Def {
        let kind = match self.slot {
            Slot::Int { min, max, why, .. } => Kind::Int { min, max, why },
            Slot::Boards { rule, .. } => Kind::Boards {
                min_side: rule.min_side,
                max_width: rule.max_width,
                max_height: rule.max_height,
                even: rule.even,
                tick: rule.tick,
            },
        };
        Def { name: self.name, default: self.default, kind, help: self.help }
    }

    /// Checks `value` and writes it into `target`.
    fn assign(&self, target: &mut T, value: &str) -> Result<(), SettingError> {
        match &self.slot {
            Slot::Int { min, max, why, put, .. } => {
                put(target, parse_int(self.name, value, *min, *max, *why)?)
            }
            Slot::Boards { rule, put, .. } => put(target, parse_boards(self.name, value, rule)?),
        }
        Ok(())
    }

    fn value(&self, source: &T) -> Value {
        match &self.slot {
            Slot::Int { get, .. } => Value::Int(get(source)),
            Slot::Boards { get, .. } => Value::Boards(get(source).to_vec()),
        }
    }
}

/// The limits every game has, with the game's defaults.
fn common_table(game: GameId) -> Vec<Entry<Common>> {
    let (start, mv, bank, mem, games) = match game {
        GameId::Checkers => ("5000", "2000", "90000", "350", "2"),
        GameId::Connect4 => ("5000", "5000", "0", "350", "2"),
        GameId::OneTwoThree => ("1000", "1000", "0", "256", "6"),
        GameId::Mathtricks => ("5000", "2000", "60000", "256", "2"),
        GameId::Tron => ("5000", "1000", "0", "512", "6"),
    };
    vec![
        int!(start_ms: u64, start, 1, 600_000, "time to answer the first message"),
        int!(move_ms: u64, mv, 1, 600_000, "time per move"),
        int!(bank_ms: u64, bank, 0, 36_000_000, "thinking time per game, 0 = no bank"),
        int!(memory_mib: u64, mem, 8, 65_536, "memory limit per bot"),
        int!(games: u32, games, 1, 1000, "games per match (sides swapped)"),
    ]
}

/// The part of a game's settings that is its own: its table, in display order.
trait Params: Default {
    fn table() -> Vec<Entry<Self>>;
}

impl Params for CheckersSettings {
    fn table() -> Vec<Entry<Self>> {
        vec![int!(max_rounds: u32, "60", 1, 10_000, "rounds before scoring")]
    }
}

impl Params for Connect4Settings {
    fn table() -> Vec<Entry<Self>> {
        vec![
            int!(rows: u32, "9", 4, 20, "rows of the grid"),
            int!(
                cols: u32,
                "9",
                4,
                10,
                "columns of the grid",
                because "the end codes 10, 11 and 12 (you won, you lost, draw) must not be column numbers"
            ),
            int!(connect: u32, "4", 2, 20, "discs in a row that win"),
        ]
    }
}

impl Params for OneTwoThreeSettings {
    fn table() -> Vec<Entry<Self>> {
        let rule = BoardRule { min_side: 3, max_width: 20, max_height: 20, even: false, tick: None };
        vec![boards!("6x4,12x8,20x20", rule, "boards as columns x rows; each is played with each bot first")]
    }
}

impl Params for MathtricksSettings {
    fn table() -> Vec<Entry<Self>> {
        let rule = BoardRule { min_side: 4, max_width: 40, max_height: 40, even: false, tick: None };
        vec![boards!("8x8", rule, "boards as width x height; each is played with each bot first")]
    }
}

impl Params for TronSettings {
    fn table() -> Vec<Entry<Self>> {
        let rule =
            BoardRule { min_side: 4, max_width: 160, max_height: 120, even: true, tick: Some((50, 1000)) };
        vec![boards!(
            "12x6x230,40x30x100,80x60x50",
            rule,
            "boards as width x height x tick ms; each is played with each bot first"
        )]
    }
}

/// `T`'s defaults, from its table.
fn params_defaults<T: Params>() -> T {
    let mut t = T::default();
    for e in T::table() {
        e.assign(&mut t, e.default).expect("built-in defaults are valid");
    }
    t
}

/// Sets the row `name` of `T`'s table; `None` when `T` has no such row.
fn params_set<T: Params>(t: &mut T, name: &str, value: &str) -> Option<Result<(), SettingError>> {
    T::table().iter().find(|e| e.name == name).map(|e| e.assign(t, value))
}

fn params_defs<T: Params>() -> Vec<Def> {
    T::table().iter().map(Entry::def).collect()
}

fn params_values<T: Params>(t: &T, out: &mut BTreeMap<String, Value>) {
    for e in T::table() {
        out.insert(e.name.to_string(), e.value(t));
    }
}

/// Runs a generic function on the typed part of each game (`$f::<CheckersSettings>(s, ...)`).
macro_rules! each_game {
    ($settings:expr, $s:ident => $body:expr) => {
        match $settings {
            GameSettings::Checkers($s) => $body,
            GameSettings::Connect4($s) => $body,
            GameSettings::OneTwoThree($s) => $body,
            GameSettings::Mathtricks($s) => $body,
            GameSettings::Tron($s) => $body,
        }
    };
}

/// The settings of a game, in display order: the shared limits first, then the game's parameters.
pub fn defs(game: GameId) -> Vec<Def> {
    let mut defs: Vec<Def> = common_table(game).iter().map(Entry::def).collect();
    defs.extend(match game {
        GameId::Checkers => params_defs::<CheckersSettings>(),
        GameId::Connect4 => params_defs::<Connect4Settings>(),
        GameId::OneTwoThree => params_defs::<OneTwoThreeSettings>(),
        GameId::Mathtricks => params_defs::<MathtricksSettings>(),
        GameId::Tron => params_defs::<TronSettings>(),
    });
    defs
}

/// A setting value, by name: for display, storage and the house bots' environment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    Int(u64),
    Boards(Vec<BoardSize>),
    /// A language's time factor.
    Factor(TimeFactor),
}

impl Serialize for Value {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Value::Int(n) => s.serialize_u64(*n),
            Value::Boards(_) => s.serialize_str(&self.to_string()),
            Value::Factor(f) => f.serialize(s),
        }
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Int(n) => write!(f, "{n}"),
            Value::Factor(x) => write!(f, "{x}"),
            Value::Boards(list) => {
                for (i, b) in list.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    write!(f, "{b}")?;
                }
                Ok(())
            }
        }
    }
}

/// A bad `--set` or settings-page input; the message says what is valid.
#[derive(Clone, Debug, thiserror::Error, PartialEq, Eq)]
pub enum SettingError {
    #[error("unknown setting `{name}` for {game} (valid: {valid})")]
    Unknown { game: GameId, name: String, valid: String },
    #[error("bad value `{value}` for `{name}`: {why}")]
    BadValue { name: String, value: String, why: ValueProblem },
    #[error("`{0}` is not of the form KEY=VALUE")]
    NotKeyValue(String),
}

/// Why a setting's value is refused, with what is valid: English here (for the command line),
/// worded in the reader's language by the web.
#[derive(Clone, Debug, thiserror::Error, PartialEq, Eq)]
pub enum ValueProblem {
    #[error("not a whole number")]
    NotWholeNumber,
    /// Outside `min..=max`; `because` says why the range is what it is (see [`Kind::Int`]).
    #[error("must be between {min} and {max}{}", .because.map(|w| format!(": {w}")).unwrap_or_default())]
    OutOfRange { min: u64, max: u64, because: Option<&'static str> },
    /// A board not written as `form` (`WxH` or `WxHxMS`).
    #[error("each board must be {form}")]
    BoardForm { form: &'static str },
    #[error("each board must be {form} with whole numbers")]
    BoardNumbers { form: &'static str },
    #[error("the {side} must be between {min} and {max}")]
    SideOutOfRange { side: Side, min: u32, max: u32 },
    #[error("sides must be even")]
    SidesEven,
    #[error("tick must be between {min} and {max} ms")]
    TickOutOfRange { min: u32, max: u32 },
    /// A `time_factor.` name whose rest is no language id.
    #[error("the name must be time_factor.LANGUAGE, LANGUAGE a language id")]
    FactorName,
    /// A time factor out of its range or shape ([`TimeFactor::parse`]).
    #[error("a number from 0.1 to 10 with at most two decimals")]
    Factor,
}

/// A side of a board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, strum::Display)]
#[strum(serialize_all = "lowercase")]
pub enum Side {
    Width,
    Height,
}

/// The full, validated settings of a game: every setting has a value (the default when not set).
///
/// Stored (and sent by the API) as a JSON object from each name to its value: a number, or the
/// board list as text (`{"boards": "6x4,12x8", "games": 4, "move_ms": 1000, ...}`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    common: Common,
    game: GameSettings,
    /// The languages whose factor is not 1, by language id.
    time_factors: BTreeMap<String, TimeFactor>,
}

impl Settings {
    /// The game's defaults.
    pub fn defaults(game: GameId) -> Settings {
        let mut common = Common::default();
        for e in common_table(game) {
            e.assign(&mut common, e.default).expect("built-in defaults are valid");
        }
        let game = match game {
            GameId::Checkers => GameSettings::Checkers(params_defaults()),
            GameId::Connect4 => GameSettings::Connect4(params_defaults()),
            GameId::OneTwoThree => GameSettings::OneTwoThree(params_defaults()),
            GameId::Mathtricks => GameSettings::Mathtricks(params_defaults()),
            GameId::Tron => GameSettings::Tron(params_defaults()),
        };
        let mut s = Settings { common, game, time_factors: BTreeMap::new() };
        s.apply_derived_defaults();
        s
    }

    /// The defaults with `NAME=VALUE` assignments applied in order.
    pub fn from_assignments<'a>(
        game: GameId,
        assignments: impl IntoIterator<Item = &'a str>,
    ) -> Result<Settings, SettingError> {
        Settings::from_pairs(
            game,
            assignments
                .into_iter()
                .map(|a| a.split_once('=').ok_or_else(|| SettingError::NotKeyValue(a.to_string()))),
        )
    }

    /// The settings stored with a contest (or with a game when it was scheduled): a JSON object
    /// of names to numbers or text, over the defaults. Names not stored keep their defaults
    /// (older rows may lack settings added since); anything else is checked as `--set` is.
    pub fn from_stored(game: GameId, stored: &serde_json::Value) -> Result<Settings, SettingError> {
        let pairs: Vec<(&str, String)> = match stored {
            serde_json::Value::Object(map) => map
                .iter()
                .map(|(k, v)| (k.as_str(), v.as_str().map_or_else(|| v.to_string(), str::to_string)))
                .collect(),
            _ => Vec::new(),
        };
        Settings::from_pairs(game, pairs.iter().map(|(k, v)| Ok((*k, v.as_str()))))
    }

    /// The defaults with `(name, value)` pairs applied in order, stopping at the first error;
    /// `games` follows the boards unless it is given.
    fn from_pairs<'a>(
        game: GameId,
        pairs: impl IntoIterator<Item = Result<(&'a str, &'a str), SettingError>>,
    ) -> Result<Settings, SettingError> {
        let mut s = Settings::defaults(game);
        let mut explicit_games = false;
        for pair in pairs {
            let (k, v) = pair?;
            s.set(k.trim(), v.trim())?;
            explicit_games |= k.trim() == "games";
        }
        if !explicit_games {
            s.apply_derived_defaults();
        }
        Ok(s)
    }

    /// Sets one value, checking name and range.
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), SettingError> {
        let game = self.game_id();
        if let Some(language) = name.strip_prefix(TIME_FACTOR_PREFIX) {
            if !is_language_word(language) {
                return Err(bad(name, value, ValueProblem::FactorName));
            }
            let factor = TimeFactor::parse(value).map_err(|why| bad(name, value, why))?;
            if factor == TimeFactor::ONE {
                self.time_factors.remove(language);
            } else {
                self.time_factors.insert(language.to_string(), factor);
            }
            return Ok(());
        }
        if let Some(e) = common_table(game).iter().find(|e| e.name == name) {
            return e.assign(&mut self.common, value);
        }
        each_game!(&mut self.game, s => params_set(s, name, value)).unwrap_or_else(|| {
            Err(SettingError::Unknown {
                game,
                name: name.to_string(),
                valid: defs(game)
                    .iter()
                    .map(|d| d.name)
                    .chain(["time_factor.LANGUAGE"])
                    .collect::<Vec<_>>()
                    .join(", "),
            })
        })
    }

    /// Games played on a list of boards default to two per board (each bot first once).
    fn apply_derived_defaults(&mut self) {
        let boards = self.game.boards().len();
        if boards > 0 {
            self.common.games = 2 * boards as u32;
        }
    }

    pub fn game_id(&self) -> GameId {
        self.game.game()
    }

    /// The limits every game has.
    pub fn common(&self) -> &Common {
        &self.common
    }

    /// The parameters of the game's rules.
    pub fn game(&self) -> &GameSettings {
        &self.game
    }

    /// The board list of a game that has one (one-two-three, mathtricks, tron).
    pub fn boards(&self) -> &[BoardSize] {
        self.game.boards()
    }

    /// The factor of `language`'s time limits (1 unless set).
    pub fn time_factor(&self, language: &str) -> TimeFactor {
        self.time_factors.get(language).copied().unwrap_or_default()
    }

    /// The languages whose time factor is not 1, with their factors, by language id.
    pub fn time_factors(&self) -> &BTreeMap<String, TimeFactor> {
        &self.time_factors
    }

    /// A value by its name, for display (`None` for a name the game does not have).
    pub fn get(&self, name: &str) -> Option<Value> {
        self.values().remove(name)
    }

    /// All values by name, in name order: for display, storage and the house bots' environment.
    /// The time factors are there only for the languages whose factor is not 1.
    pub fn values(&self) -> BTreeMap<String, Value> {
        let mut out = BTreeMap::new();
        for e in common_table(self.game_id()) {
            out.insert(e.name.to_string(), e.value(&self.common));
        }
        each_game!(&self.game, s => params_values(s, &mut out));
        for (language, f) in &self.time_factors {
            out.insert(format!("{TIME_FACTOR_PREFIX}{language}"), Value::Factor(*f));
        }
        out
    }
}

impl Serialize for Settings {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.values().serialize(s)
    }
}

fn bad(name: &str, value: &str, why: ValueProblem) -> SettingError {
    SettingError::BadValue { name: name.to_string(), value: value.to_string(), why }
}

fn parse_int(
    name: &str,
    value: &str,
    min: u64,
    max: u64,
    because: Option<&'static str>,
) -> Result<u64, SettingError> {
    let n: u64 = value.parse().map_err(|_| bad(name, value, ValueProblem::NotWholeNumber))?;
    if n < min || n > max {
        return Err(bad(name, value, ValueProblem::OutOfRange { min, max, because }));
    }
    Ok(n)
}

fn parse_boards(name: &str, value: &str, rule: &BoardRule) -> Result<Vec<BoardSize>, SettingError> {
    let BoardRule { min_side, max_width, max_height, even, tick } = *rule;
    let mut list = Vec::new();
    for item in value.split(',') {
        let parts: Vec<&str> = item.trim().split('x').collect();
        let want = if tick.is_some() { 3 } else { 2 };
        let form = if tick.is_some() { "WxHxMS" } else { "WxH" };
        if parts.len() != want {
            return Err(bad(name, value, ValueProblem::BoardForm { form }));
        }
        let nums: Vec<u32> = parts
            .iter()
            .map(|p| p.parse::<u32>())
            .collect::<Result<_, _>>()
            .map_err(|_| bad(name, value, ValueProblem::BoardNumbers { form }))?;
        for (&n, side, max) in [(&nums[0], Side::Width, max_width), (&nums[1], Side::Height, max_height)] {
            if n < min_side || n > max {
                return Err(bad(name, value, ValueProblem::SideOutOfRange { side, min: min_side, max }));
            }
            if even && n % 2 != 0 {
                return Err(bad(name, value, ValueProblem::SidesEven));
            }
        }
        let ms = match tick {
            Some((lo, hi)) => {
                if nums[2] < lo || nums[2] > hi {
                    return Err(bad(name, value, ValueProblem::TickOutOfRange { min: lo, max: hi }));
                }
                Some(nums[2])
            }
            None => None,
        };
        list.push(BoardSize { width: nums[0], height: nums[1], ms });
    }
    Ok(list)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn defaults_follow_the_game_files() {
        let s = Settings::defaults(GameId::Checkers);
        assert_eq!(s.common().move_ms, 2000);
        assert_eq!(s.common().bank_ms, 90_000);
        assert_eq!(s.game(), &GameSettings::Checkers(CheckersSettings { max_rounds: 60 }));
        let s = Settings::defaults(GameId::OneTwoThree);
        assert_eq!(s.boards().len(), 3);
        assert_eq!(s.common().games, 6);
    }

    #[test]
    fn an_unknown_name_lists_the_valid_ones() {
        let err = Settings::from_assignments(GameId::Connect4, ["colour=red"]).unwrap_err();
        let msg = err.to_string();
        assert!(msg.contains("rows") && msg.contains("move_ms"), "{msg}");
        assert_eq!(
            msg,
            "unknown setting `colour` for connect4 (valid: start_ms, move_ms, bank_ms, memory_mib, games, \
             rows, cols, connect, time_factor.LANGUAGE)"
        );
    }

    #[test]
    fn time_factors_are_per_language_default_to_one_and_scale_the_limits() {
        let s = Settings::from_assignments(
            GameId::Checkers,
            ["time_factor.python=3", "time_factor.java=1.5", "time_factor.c=0.25"],
        )
        .unwrap();
        assert_eq!(s.time_factor("python").to_string(), "3");
        assert_eq!(s.time_factor("java").to_string(), "1.5");
        assert_eq!(s.time_factor("c").to_string(), "0.25");
        assert_eq!(s.time_factor("rust"), TimeFactor::ONE);
        let second = Duration::from_secs(1);
        assert_eq!(s.time_factor("python").scale(second), Duration::from_secs(3));
        assert_eq!(s.time_factor("java").scale(second), Duration::from_millis(1500));
        assert_eq!(s.time_factor("c").scale(second), Duration::from_millis(250));
        assert_eq!(s.time_factor("rust").scale(second), second);
        // Setting a factor back to 1 removes it: only the factors that change something are kept.
        let s =
            Settings::from_assignments(GameId::Checkers, ["time_factor.python=3", "time_factor.python=1.0"])
                .unwrap();
        assert!(s.time_factors().is_empty());
        assert_eq!(s, Settings::defaults(GameId::Checkers));
        // Stored with the other settings, as numbers, and read back the same.
        let s =
            Settings::from_assignments(GameId::Connect4, ["time_factor.python=3", "time_factor.java=2.5"])
                .unwrap();
        let stored = serde_json::to_value(&s).unwrap();
        assert_eq!(stored["time_factor.python"], json!(3));
        assert_eq!(stored["time_factor.java"], json!(2.5));
        assert_eq!(Settings::from_stored(GameId::Connect4, &stored).unwrap(), s);
        assert_eq!(s.get("time_factor.java"), Some(Value::Factor(TimeFactor::parse("2.5").unwrap())));
    }

    #[test]
    fn a_time_factor_is_a_number_from_a_tenth_to_ten() {
        for ok in ["0.1", "0.10", "1", "2.5", "10", "10.00", "3.33"] {
            assert!(TimeFactor::parse(ok).is_ok(), "{ok}");
        }
        for bad in
            ["0", "0.09", "10.01", "11", "-1", "", ".5", "1.", "1.234", "two", "1e1", "1,5", " 1", "100"]
        {
            assert!(TimeFactor::parse(bad).is_err(), "{bad:?}");
        }
        let err = |a: &str| Settings::from_assignments(GameId::Checkers, [a]).unwrap_err().to_string();
        assert_eq!(
            err("time_factor.python=20"),
            "bad value `20` for `time_factor.python`: a number from 0.1 to 10 with at most two decimals"
        );
        assert_eq!(
            err("time_factor.=2"),
            "bad value `2` for `time_factor.`: the name must be time_factor.LANGUAGE, LANGUAGE a language id"
        );
        assert!(err("time_factor.py thon=2").contains("LANGUAGE a language id"));
    }

    #[test]
    fn connect4_refuses_more_than_10_columns_and_says_why() {
        assert!(Settings::from_assignments(GameId::Connect4, ["cols=10"]).is_ok());
        let msg = Settings::from_assignments(GameId::Connect4, ["cols=11"]).unwrap_err().to_string();
        assert!(msg.contains("between 4 and 10"), "{msg}");
        assert!(msg.contains("end codes 10, 11 and 12"), "{msg}");
        // Rows are not column numbers: 20 rows stay allowed.
        assert!(Settings::from_assignments(GameId::Connect4, ["rows=20"]).is_ok());
    }

    #[test]
    fn boards_are_checked_and_set_the_number_of_games() {
        let s = Settings::from_assignments(GameId::Tron, ["boards=12x6x230"]).unwrap();
        assert_eq!(s.common().games, 2);
        assert!(Settings::from_assignments(GameId::Tron, ["boards=13x6x230"]).is_err());
        assert!(Settings::from_assignments(GameId::Tron, ["boards=12x6"]).is_err());
        // Tron grids are at most 160 wide and 120 high, as its rules accept.
        assert!(Settings::from_assignments(GameId::Tron, ["boards=160x120x50"]).is_ok());
        let err = Settings::from_assignments(GameId::Tron, ["boards=4x122x50"]).unwrap_err().to_string();
        assert!(err.contains("height must be between 4 and 120"), "{err}");
        let s = Settings::from_assignments(GameId::OneTwoThree, ["boards=6x4", "games=4"]).unwrap();
        assert_eq!(s.common().games, 4);
    }

    #[test]
    fn each_game_parses_into_its_own_fields() {
        let s =
            Settings::from_assignments(GameId::Connect4, ["rows=6", "cols=7", "connect=5", "move_ms=300"])
                .unwrap();
        assert_eq!(s.game(), &GameSettings::Connect4(Connect4Settings { rows: 6, cols: 7, connect: 5 }));
        assert_eq!(s.common().move_ms, 300);
        let s = Settings::from_assignments(GameId::Checkers, ["max_rounds=80", "bank_ms=0"]).unwrap();
        assert_eq!(s.game(), &GameSettings::Checkers(CheckersSettings { max_rounds: 80 }));
        assert_eq!(s.common().bank_ms, 0);
        let s = Settings::from_assignments(GameId::OneTwoThree, ["boards=7x5, 3x3"]).unwrap();
        let boards =
            vec![BoardSize { width: 7, height: 5, ms: None }, BoardSize { width: 3, height: 3, ms: None }];
        assert_eq!(s.game(), &GameSettings::OneTwoThree(OneTwoThreeSettings { boards }));
        assert_eq!(s.common().games, 4);
        let s = Settings::from_assignments(GameId::Mathtricks, ["boards=10x12", "memory_mib=64"]).unwrap();
        let boards = vec![BoardSize { width: 10, height: 12, ms: None }];
        assert_eq!(s.game(), &GameSettings::Mathtricks(MathtricksSettings { boards }));
        assert_eq!((s.common().memory_mib, s.common().games), (64, 2));
        let s = Settings::from_assignments(GameId::Tron, ["boards=40x30x100", "start_ms=900"]).unwrap();
        let boards = vec![BoardSize { width: 40, height: 30, ms: Some(100) }];
        assert_eq!(s.game(), &GameSettings::Tron(TronSettings { boards }));
        assert_eq!(s.common().start_ms, 900);
        for game in GameId::ALL {
            assert_eq!(Settings::defaults(game).game_id(), game);
            assert_eq!(Settings::defaults(game).game().game(), game);
        }
    }

    #[test]
    fn bad_values_keep_their_messages() {
        let err = |game, a: &str| Settings::from_assignments(game, [a]).unwrap_err().to_string();
        assert_eq!(
            err(GameId::Checkers, "move_ms=fast"),
            "bad value `fast` for `move_ms`: not a whole number"
        );
        assert_eq!(
            err(GameId::Checkers, "move_ms=0"),
            "bad value `0` for `move_ms`: must be between 1 and 600000"
        );
        assert_eq!(
            err(GameId::Checkers, "games=99999999999"),
            "bad value `99999999999` for `games`: must be between 1 and 1000"
        );
        assert_eq!(err(GameId::Checkers, "max_rounds"), "`max_rounds` is not of the form KEY=VALUE");
        assert_eq!(
            err(GameId::Mathtricks, "boards=8x8x8"),
            "bad value `8x8x8` for `boards`: each board must be WxH"
        );
        assert_eq!(
            err(GameId::Tron, "boards=12x6xq"),
            "bad value `12x6xq` for `boards`: each board must be WxHxMS with whole numbers"
        );
        assert_eq!(
            err(GameId::Tron, "boards=12x6x10"),
            "bad value `12x6x10` for `boards`: tick must be between 50 and 1000 ms"
        );
        assert_eq!(
            err(GameId::Tron, "boards=12x7x100"),
            "bad value `12x7x100` for `boards`: sides must be even"
        );
        // Assignments apply in order: the first bad one is the one told.
        let e = Settings::from_assignments(GameId::Checkers, ["colour=red", "nokey"]).unwrap_err();
        assert!(matches!(e, SettingError::Unknown { .. }), "{e}");
        let e = Settings::from_assignments(GameId::Checkers, ["nokey", "colour=red"]).unwrap_err();
        assert_eq!(e, SettingError::NotKeyValue("nokey".into()));
    }

    #[test]
    fn settings_are_stored_as_an_object_of_names_and_read_back_the_same() {
        let s = Settings::defaults(GameId::Tron);
        assert_eq!(
            serde_json::to_value(&s).unwrap(),
            json!({"bank_ms": 0, "boards": "12x6x230,40x30x100,80x60x50", "games": 6, "memory_mib": 512,
                   "move_ms": 1000, "start_ms": 5000})
        );
        let s = Settings::defaults(GameId::Connect4);
        assert_eq!(
            serde_json::to_string(&s).unwrap(),
            r#"{"bank_ms":0,"cols":9,"connect":4,"games":2,"memory_mib":350,"move_ms":5000,"rows":9,"start_ms":5000}"#
        );
        let cases: [(GameId, &[&str]); 10] = [
            (GameId::Checkers, &[]),
            (GameId::Checkers, &["max_rounds=5", "games=3", "bank_ms=0"]),
            (GameId::Connect4, &[]),
            (GameId::Connect4, &["rows=4", "cols=10", "connect=2"]),
            (GameId::OneTwoThree, &[]),
            (GameId::OneTwoThree, &["boards=3x3", "games=5"]),
            (GameId::Mathtricks, &[]),
            (GameId::Mathtricks, &["boards=4x4,40x40"]),
            (GameId::Tron, &[]),
            (GameId::Tron, &["boards=160x120x50", "games=1"]),
        ];
        for (game, sets) in cases {
            let s = Settings::from_assignments(game, sets.iter().copied()).unwrap();
            let stored = serde_json::to_value(&s).unwrap();
            assert_eq!(Settings::from_stored(game, &stored).unwrap(), s, "{game} {stored}");
            let names: Vec<&str> = stored.as_object().unwrap().keys().map(String::as_str).collect();
            let mut want: Vec<&str> = defs(game).iter().map(|d| d.name).collect();
            want.sort_unstable();
            assert_eq!(names, want, "{game}");
        }
    }

    #[test]
    fn older_stored_shapes_read_as_before() {
        // Numbers stored as text, settings missing (their defaults), no `games` (from the boards).
        let s = Settings::from_stored(GameId::Connect4, &json!({"rows": "6", "cols": 7})).unwrap();
        assert_eq!(s.game(), &GameSettings::Connect4(Connect4Settings { rows: 6, cols: 7, connect: 4 }));
        assert_eq!(s.common(), Settings::defaults(GameId::Connect4).common());
        let s = Settings::from_stored(GameId::OneTwoThree, &json!({"boards": "6x4"})).unwrap();
        assert_eq!(s.common().games, 2);
        let s = Settings::from_stored(GameId::OneTwoThree, &json!({"boards": "6x4", "games": 3})).unwrap();
        assert_eq!(s.common().games, 3);
        assert_eq!(
            Settings::from_stored(GameId::Tron, &json!({})).unwrap(),
            Settings::defaults(GameId::Tron)
        );
        assert_eq!(
            Settings::from_stored(GameId::Tron, &json!(null)).unwrap(),
            Settings::defaults(GameId::Tron)
        );
        // What `--set` refuses, the stored settings refuse too, with the same message.
        let e = Settings::from_stored(GameId::Connect4, &json!({"cols": 11})).unwrap_err().to_string();
        assert!(e.starts_with("bad value `11` for `cols`: must be between 4 and 10"), "{e}");
        let e = Settings::from_stored(GameId::Checkers, &json!({"rows": 6})).unwrap_err().to_string();
        assert!(e.starts_with("unknown setting `rows` for checkers"), "{e}");
    }

    #[test]
    fn the_table_is_the_one_source_of_names_and_every_row_reads_back() {
        for game in GameId::ALL {
            let s = Settings::defaults(game);
            let values = s.values();
            assert_eq!(values.len(), defs(game).len(), "{game}");
            for d in defs(game) {
                assert_eq!(
                    s.get(d.name).unwrap().to_string(),
                    d.default.replace(' ', ""),
                    "{game} {}",
                    d.name
                );
                if let Kind::Int { max, .. } = d.kind {
                    // Integer fields are u32 or u64: every range fits the narrower.
                    assert!(max <= u64::from(u32::MAX), "{game} {}", d.name);
                }
            }
            assert_eq!(s.get("nonsense"), None);
        }
    }
}
