//! Placeholder of the starter bots (replaced by the starters branch): the API the statement page
//! uses, with a tiny source per game and language.

/// A starter bot: the file a student downloads and improves.
pub struct Starter {
    pub game: &'static str,
    pub language: &'static str,
    pub file_name: &'static str,
    pub source: &'static str,
}

macro_rules! starters {
    ($($game:literal),*) => {
        &[$(
            Starter { game: $game, language: "c", file_name: "main.c",
                      source: concat!("/* placeholder starter: ", $game, " in C */\nint main(void) { return 0; }\n") },
            Starter { game: $game, language: "cpp", file_name: "main.cpp",
                      source: concat!("// placeholder starter: ", $game, " in C++\nint main() { return 0; }\n") },
            Starter { game: $game, language: "rust", file_name: "main.rs",
                      source: concat!("// placeholder starter: ", $game, " in Rust\nfn main() {}\n") },
            Starter { game: $game, language: "python", file_name: "main.py",
                      source: concat!("# placeholder starter: ", $game, " in Python\nprint(\"OK\")\n") },
            Starter { game: $game, language: "java", file_name: "Main.java",
                      source: concat!("// placeholder starter: ", $game, " in Java\npublic class Main { public static void main(String[] a) {} }\n") },
        )*]
    };
}

static ALL: &[Starter] = starters!("checkers", "connect4", "one-two-three", "mathtricks", "tron");

/// The starter of a game in a language, if there is one.
pub fn starter(game: &str, language: &str) -> Option<&'static Starter> {
    ALL.iter().find(|s| s.game == game && s.language == language)
}

/// Every starter.
pub fn all() -> &'static [Starter] {
    ALL
}
