//! Game and limit settings by name: the same names serve `botarena play --set`, contest settings
//! and the admin settings page, so they are defined once here, with each game's defaults.

use super::GameId;
use serde::{Serialize, Serializer};
use std::collections::BTreeMap;
use std::fmt;

/// A board size list entry: columns x rows, with a tick length for tron.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
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

/// One setting a game accepts.
#[derive(Clone, Copy, Debug)]
pub struct Def {
    pub name: &'static str,
    pub default: &'static str,
    pub kind: Kind,
    pub help: &'static str,
}

const fn int(name: &'static str, default: &'static str, min: u64, max: u64, help: &'static str) -> Def {
    Def { name, default, kind: Kind::Int { min, max, why: None }, help }
}

impl Def {
    /// The same integer setting, with the reason for its range given in the error message.
    const fn because(self, reason: &'static str) -> Def {
        match self.kind {
            Kind::Int { min, max, .. } => Def { kind: Kind::Int { min, max, why: Some(reason) }, ..self },
            Kind::Boards { .. } => self,
        }
    }
}

/// The settings of a game, in display order: the shared limits first, then the game's parameters.
pub fn defs(game: GameId) -> Vec<Def> {
    let (start, mv, bank, mem, games) = match game {
        GameId::Checkers => ("5000", "2000", "90000", "350", "2"),
        GameId::Connect4 => ("5000", "5000", "0", "350", "2"),
        GameId::OneTwoThree => ("1000", "1000", "0", "256", "6"),
        GameId::Mathtricks => ("5000", "2000", "60000", "256", "2"),
        GameId::Tron => ("5000", "1000", "0", "512", "6"),
    };
    let mut defs = vec![
        int("start_ms", start, 1, 600_000, "time to answer the first message"),
        int("move_ms", mv, 1, 600_000, "time per move"),
        int("bank_ms", bank, 0, 36_000_000, "thinking time per game, 0 = no bank"),
        int("memory_mib", mem, 8, 65_536, "memory limit per bot"),
        int("games", games, 1, 1000, "games per match (sides swapped)"),
    ];
    match game {
        GameId::Checkers => defs.push(int("max_rounds", "60", 1, 10_000, "rounds before scoring")),
        GameId::Connect4 => {
            defs.push(int("rows", "9", 4, 20, "rows of the grid"));
            defs.push(
                int("cols", "9", 4, 10, "columns of the grid").because(
                    "the end codes 10, 11 and 12 (you won, you lost, draw) must not be column numbers",
                ),
            );
            defs.push(int("connect", "4", 2, 20, "discs in a row that win"));
        }
        GameId::OneTwoThree => defs.push(Def {
            name: "boards",
            default: "6x4,12x8,20x20",
            kind: Kind::Boards { min_side: 3, max_width: 20, max_height: 20, even: false, tick: None },
            help: "boards as columns x rows; each is played with each bot first",
        }),
        GameId::Mathtricks => defs.push(Def {
            name: "boards",
            default: "8x8",
            kind: Kind::Boards { min_side: 4, max_width: 40, max_height: 40, even: false, tick: None },
            help: "boards as width x height; each is played with each bot first",
        }),
        GameId::Tron => defs.push(Def {
            name: "boards",
            default: "12x6x230,40x30x100,80x60x50",
            kind: Kind::Boards {
                min_side: 4,
                max_width: 160,
                max_height: 120,
                even: true,
                tick: Some((50, 1000)),
            },
            help: "boards as width x height x tick ms; each is played with each bot first",
        }),
    }
    defs
}

/// A checked setting value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    Int(u64),
    Boards(Vec<BoardSize>),
}

impl Serialize for Value {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Value::Int(n) => s.serialize_u64(*n),
            Value::Boards(_) => s.serialize_str(&self.to_string()),
        }
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Int(n) => write!(f, "{n}"),
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
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum SettingError {
    #[error("unknown setting `{name}` for {game} (valid: {valid})")]
    Unknown { game: GameId, name: String, valid: String },
    #[error("bad value `{value}` for `{name}`: {why}")]
    BadValue { name: String, value: String, why: String },
    #[error("`{0}` is not of the form KEY=VALUE")]
    NotKeyValue(String),
}

/// The full, validated settings of a game: every setting has a value (the default when not set).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct Settings {
    #[serde(skip)]
    game: GameId,
    values: BTreeMap<&'static str, Value>,
}

impl Settings {
    /// The game's defaults.
    pub fn defaults(game: GameId) -> Settings {
        let mut values = BTreeMap::new();
        for def in defs(game) {
            let v = parse_value(&def, def.default).expect("built-in defaults are valid");
            values.insert(def.name, v);
        }
        let mut s = Settings { game, values };
        s.apply_derived_defaults();
        s
    }

    /// The defaults with `NAME=VALUE` assignments applied in order.
    pub fn from_assignments<'a>(
        game: GameId,
        assignments: impl IntoIterator<Item = &'a str>,
    ) -> Result<Settings, SettingError> {
        let mut s = Settings::defaults(game);
        let mut explicit_games = false;
        for a in assignments {
            let (k, v) = a.split_once('=').ok_or_else(|| SettingError::NotKeyValue(a.to_string()))?;
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
        let def =
            defs(self.game).into_iter().find(|d| d.name == name).ok_or_else(|| SettingError::Unknown {
                game: self.game,
                name: name.to_string(),
                valid: defs(self.game).iter().map(|d| d.name).collect::<Vec<_>>().join(", "),
            })?;
        let v = parse_value(&def, value)?;
        self.values.insert(def.name, v);
        Ok(())
    }

    /// Games played on a list of boards default to two per board (each bot first once).
    fn apply_derived_defaults(&mut self) {
        if let Some(Value::Boards(list)) = self.values.get("boards") {
            let n = 2 * list.len() as u64;
            self.values.insert("games", Value::Int(n));
        }
    }

    pub fn game(&self) -> GameId {
        self.game
    }

    /// An integer setting; panics on a name the game does not have (a programming error).
    pub fn int(&self, name: &str) -> u64 {
        match self.values.get(name) {
            Some(Value::Int(n)) => *n,
            other => panic!("setting {name} of {} is not an integer: {other:?}", self.game),
        }
    }

    /// The board list of a game that has one (one-two-three, mathtricks, tron).
    pub fn boards(&self) -> &[BoardSize] {
        match self.values.get("boards") {
            Some(Value::Boards(list)) => list,
            _ => &[],
        }
    }

    pub fn get(&self, name: &str) -> Option<&Value> {
        self.values.get(name)
    }

    /// All values by name, for display and storage.
    pub fn iter(&self) -> impl Iterator<Item = (&'static str, &Value)> {
        self.values.iter().map(|(k, v)| (*k, v))
    }
}

fn bad(def: &Def, value: &str, why: impl Into<String>) -> SettingError {
    SettingError::BadValue { name: def.name.to_string(), value: value.to_string(), why: why.into() }
}

fn parse_value(def: &Def, value: &str) -> Result<Value, SettingError> {
    match def.kind {
        Kind::Int { min, max, why } => {
            let n: u64 = value.parse().map_err(|_| bad(def, value, "not a whole number"))?;
            if n < min || n > max {
                let why = why.map(|w| format!(": {w}")).unwrap_or_default();
                return Err(bad(def, value, format!("must be between {min} and {max}{why}")));
            }
            Ok(Value::Int(n))
        }
        Kind::Boards { min_side, max_width, max_height, even, tick } => {
            let mut list = Vec::new();
            for item in value.split(',') {
                let parts: Vec<&str> = item.trim().split('x').collect();
                let want = if tick.is_some() { 3 } else { 2 };
                let form = if tick.is_some() { "WxHxMS" } else { "WxH" };
                if parts.len() != want {
                    return Err(bad(def, value, format!("each board must be {form}")));
                }
                let nums: Vec<u32> =
                    parts.iter().map(|p| p.parse::<u32>()).collect::<Result<_, _>>().map_err(|_| {
                        bad(def, value, format!("each board must be {form} with whole numbers"))
                    })?;
                for (&side, what, max) in [(&nums[0], "width", max_width), (&nums[1], "height", max_height)] {
                    if side < min_side || side > max {
                        return Err(bad(
                            def,
                            value,
                            format!("the {what} must be between {min_side} and {max}"),
                        ));
                    }
                    if even && side % 2 != 0 {
                        return Err(bad(def, value, "sides must be even"));
                    }
                }
                let ms = match tick {
                    Some((lo, hi)) => {
                        if nums[2] < lo || nums[2] > hi {
                            return Err(bad(def, value, format!("tick must be between {lo} and {hi} ms")));
                        }
                        Some(nums[2])
                    }
                    None => None,
                };
                list.push(BoardSize { width: nums[0], height: nums[1], ms });
            }
            Ok(Value::Boards(list))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_follow_the_game_files() {
        let s = Settings::defaults(GameId::Checkers);
        assert_eq!(s.int("move_ms"), 2000);
        assert_eq!(s.int("bank_ms"), 90_000);
        assert_eq!(s.int("max_rounds"), 60);
        let s = Settings::defaults(GameId::OneTwoThree);
        assert_eq!(s.boards().len(), 3);
        assert_eq!(s.int("games"), 6);
    }

    #[test]
    fn an_unknown_name_lists_the_valid_ones() {
        let err = Settings::from_assignments(GameId::Connect4, ["colour=red"]).unwrap_err();
        let msg = err.to_string();
        assert!(msg.contains("rows") && msg.contains("move_ms"), "{msg}");
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
        assert_eq!(s.int("games"), 2);
        assert!(Settings::from_assignments(GameId::Tron, ["boards=13x6x230"]).is_err());
        assert!(Settings::from_assignments(GameId::Tron, ["boards=12x6"]).is_err());
        // Tron grids are at most 160 wide and 120 high, as its rules accept.
        assert!(Settings::from_assignments(GameId::Tron, ["boards=160x120x50"]).is_ok());
        let err = Settings::from_assignments(GameId::Tron, ["boards=4x122x50"]).unwrap_err().to_string();
        assert!(err.contains("height must be between 4 and 120"), "{err}");
        let s = Settings::from_assignments(GameId::OneTwoThree, ["boards=6x4", "games=4"]).unwrap();
        assert_eq!(s.int("games"), 4);
    }
}
