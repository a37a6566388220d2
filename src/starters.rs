//! Starter bots: for every game, a short commented program in every built-in language that speaks
//! the game's protocol, prints one DEBUG line and plays a legal (not clever) move — what a
//! student copies and improves. The sources live in `starters/<game>/` and are embedded in the
//! binary, for `botarena starter` and the contest statement page.
//!
//! ```
//! use botarena::games::GameId;
//! let s = botarena::starters::starter(GameId::Connect4, "python").unwrap();
//! assert_eq!(s.file_name, "main.py");
//! assert!(s.source.contains("magic"));
//! ```

use crate::games::GameId;

/// One starter program.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Starter {
    pub game: GameId,
    /// The language id, as in `config/languages.toml` (`c`, `cpp`, `rust`, `python`, `java`).
    pub language: &'static str,
    /// The file name the language's compile command expects (`main.c`, `Main.java`): the name to
    /// save or offer the download under.
    pub file_name: &'static str,
    /// The program text.
    pub source: &'static str,
}

/// The languages with a starter for every game, in display order.
pub const LANGUAGES: [&str; 5] = ["c", "cpp", "rust", "python", "java"];

macro_rules! starters_of {
    ($game:expr, $dir:literal) => {
        [
            Starter {
                game: $game,
                language: "c",
                file_name: "main.c",
                source: include_str!(concat!("../starters/", $dir, "/main.c")),
            },
            Starter {
                game: $game,
                language: "cpp",
                file_name: "main.cpp",
                source: include_str!(concat!("../starters/", $dir, "/main.cpp")),
            },
            Starter {
                game: $game,
                language: "rust",
                file_name: "main.rs",
                source: include_str!(concat!("../starters/", $dir, "/main.rs")),
            },
            Starter {
                game: $game,
                language: "python",
                file_name: "main.py",
                source: include_str!(concat!("../starters/", $dir, "/main.py")),
            },
            Starter {
                game: $game,
                language: "java",
                file_name: "Main.java",
                source: include_str!(concat!("../starters/", $dir, "/Main.java")),
            },
        ]
    };
}

/// Every starter: games in [`GameId::ALL`] order, languages in [`LANGUAGES`] order.
static ALL: [[Starter; 5]; 5] = [
    starters_of!(GameId::Checkers, "checkers"),
    starters_of!(GameId::Connect4, "connect4"),
    starters_of!(GameId::OneTwoThree, "one-two-three"),
    starters_of!(GameId::Mathtricks, "mathtricks"),
    starters_of!(GameId::Tron, "tron"),
];

/// Every starter, games in [`GameId::ALL`] order, each game's languages in [`LANGUAGES`] order.
pub fn all() -> impl Iterator<Item = Starter> {
    ALL.iter().flatten().copied()
}

/// The starters of one game, one per language of [`LANGUAGES`].
pub fn for_game(game: GameId) -> impl Iterator<Item = Starter> {
    all().filter(move |s| s.game == game)
}

/// The `(language, source)` of every starter of `game`: a contest's base code for copy detection.
pub fn sources(game: GameId) -> Vec<(String, String)> {
    for_game(game).map(|s| (s.language.to_string(), s.source.to_string())).collect()
}

/// The starter of `game` in `language` (an id of [`LANGUAGES`]); `None` for another language.
pub fn starter(game: GameId, language: &str) -> Option<Starter> {
    all().find(|s| s.game == game && s.language == language)
}

/// The starters of a game in the given languages, in that order (languages without one are left
/// out): what a contest's pages offer.
pub fn in_languages(game: GameId, languages: &[String]) -> Vec<Starter> {
    languages.iter().filter_map(|l| starter(game, l)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_has_a_starter_in_every_language_under_its_own_directory() {
        for game in GameId::ALL {
            let languages: Vec<&str> = for_game(game).map(|s| s.language).collect();
            assert_eq!(languages, LANGUAGES, "{game}");
            for s in for_game(game) {
                assert!(s.source.contains(&format!("Starter bot for {game}")), "{game} {}", s.language);
                assert!(s.source.contains("DEBUG"), "{game} {}", s.language);
            }
        }
        assert_eq!(all().count(), 25);
        assert_eq!(starter(GameId::Tron, "java").map(|s| s.file_name), Some("Main.java"));
        assert_eq!(starter(GameId::Tron, "cobol"), None);
    }

    #[test]
    fn file_names_match_the_built_in_language_list() {
        use crate::judge::languages::{Languages, DEFAULT_CONFIG};
        let languages = Languages::parse(DEFAULT_CONFIG).unwrap();
        for s in all() {
            let lang = languages.get(s.language).unwrap_or_else(|| panic!("no language {}", s.language));
            assert_eq!(lang.source, s.file_name, "{}", s.language);
        }
    }
}
