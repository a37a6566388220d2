//! The languages bots may be written in, read from a configuration file (`config/languages.toml`
//! is built in; `BOTARENA_LANGUAGES` names another file).

use serde::Deserialize;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The built-in configuration, used when `BOTARENA_LANGUAGES` is not set.
pub const DEFAULT_CONFIG: &str = include_str!("../../config/languages.toml");

/// A language as configured, with programs resolved to absolute paths.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Language {
    /// The id used by the API and the database (`c`, `cpp`, `rust`, `python`, `java`).
    pub id: String,
    /// A name for people.
    pub name: String,
    /// File extensions (without the dot) that select this language in `botarena play`.
    pub extensions: Vec<String>,
    /// The file name the source is saved under in the build directory.
    pub source: String,
    /// The compile command (argv), if the language has one; `{dir}` still unexpanded.
    pub compile: Option<Vec<String>>,
    /// The run command (argv); `{dir}` and `{memory_mib}` still unexpanded.
    pub run: Vec<String>,
    /// Directories the toolchain and runtime need to read.
    pub readable: Vec<PathBuf>,
    /// False for runtimes that must not get an address-space rlimit (the JVM).
    pub address_space_limit: bool,
    pub compile_time_ms: u64,
    pub compile_memory_mib: u64,
    /// The compiler's message is cut at this size.
    pub output_cap_bytes: usize,
    /// The system package that provides the compiler or runtime (`default-jdk-headless`).
    pub package: Option<String>,
    /// The program of the compile or run command that this machine lacks: the language is then
    /// shown as unavailable and refused at submit, rather than failing every compile.
    pub missing: Option<String>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawLanguage {
    id: String,
    name: String,
    extensions: Vec<String>,
    source: String,
    #[serde(default)]
    compile: Option<Vec<String>>,
    run: Vec<String>,
    #[serde(default)]
    readable: Vec<String>,
    #[serde(default)]
    toolchain_probe: Option<Vec<String>>,
    #[serde(default = "yes")]
    address_space_limit: bool,
    compile_time_ms: u64,
    compile_memory_mib: u64,
    output_cap_kib: usize,
    #[serde(default)]
    package: Option<String>,
}

fn yes() -> bool {
    true
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawConfig {
    language: Vec<RawLanguage>,
}

/// A problem with the languages file.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    #[error("cannot read {path}: {source}")]
    Read { path: PathBuf, source: std::io::Error },
    #[error("languages file: {0}")]
    Parse(#[from] toml::de::Error),
    #[error("language `{id}`: {why}")]
    Invalid { id: String, why: String },
}

/// All configured languages.
#[derive(Clone, Debug)]
pub struct Languages {
    list: Vec<Language>,
}

impl Languages {
    /// The file named by `BOTARENA_LANGUAGES`, or the built-in configuration.
    pub fn load_default() -> Result<Languages, ConfigError> {
        match std::env::var_os("BOTARENA_LANGUAGES") {
            Some(path) => Languages::load(Path::new(&path)),
            None => Languages::parse(DEFAULT_CONFIG),
        }
    }

    pub fn load(path: &Path) -> Result<Languages, ConfigError> {
        let text = std::fs::read_to_string(path)
            .map_err(|source| ConfigError::Read { path: path.to_path_buf(), source })?;
        Languages::parse(&text)
    }

    /// Parses a configuration and resolves its programs on this machine. A language whose
    /// toolchain is missing is still listed (its compile will fail with a clear message).
    pub fn parse(text: &str) -> Result<Languages, ConfigError> {
        let raw: RawConfig = toml::from_str(text)?;
        let mut list: Vec<Language> = Vec::new();
        for r in raw.language {
            let invalid = |why: &str| ConfigError::Invalid { id: r.id.clone(), why: why.to_string() };
            if list.iter().any(|l| l.id == r.id) {
                return Err(invalid("defined twice"));
            }
            if r.run.is_empty() || r.compile.as_ref().is_some_and(|c| c.is_empty()) {
                return Err(invalid("empty command"));
            }
            if r.source.contains('/') || r.source.is_empty() {
                return Err(invalid("`source` must be a plain file name"));
            }
            let toolchain = match &r.toolchain_probe {
                Some(probe) => probe_toolchain(probe),
                None => None,
            };
            let expand = |s: &String| match &toolchain {
                Some(t) => s.replace("{toolchain}", t),
                None => s.clone(),
            };
            let resolve = |argv: &Vec<String>| {
                let mut argv: Vec<String> = argv.iter().map(expand).collect();
                argv[0] = resolve_program(&argv[0]);
                argv
            };
            let mut readable: Vec<PathBuf> = r.readable.iter().map(|d| PathBuf::from(expand(d))).collect();
            readable.retain(|d| !d.as_os_str().to_string_lossy().contains("{toolchain}"));
            let (compile, run) = (r.compile.as_ref().map(resolve), resolve(&r.run));
            let missing = match (&r.toolchain_probe, &toolchain) {
                (Some(probe), None) => Some(probe[0].clone()),
                _ => compile.iter().chain([&run]).map(|argv| &argv[0]).find(|p| is_missing(p)).cloned(),
            };
            list.push(Language {
                compile,
                run,
                package: r.package,
                missing,
                id: r.id,
                name: r.name,
                extensions: r.extensions,
                source: r.source,
                readable,
                address_space_limit: r.address_space_limit,
                compile_time_ms: r.compile_time_ms,
                compile_memory_mib: r.compile_memory_mib,
                output_cap_bytes: r.output_cap_kib * 1024,
            });
        }
        Ok(Languages { list })
    }

    pub fn get(&self, id: &str) -> Option<&Language> {
        self.list.iter().find(|l| l.id == id)
    }

    /// The name of language `id` (`Python 3`), or the id itself when it is not configured.
    pub fn name_of(&self, id: &str) -> String {
        self.get(id).map_or_else(|| id.to_string(), |l| l.name.clone())
    }

    /// The language of a source file name, by its extension.
    pub fn by_extension(&self, ext: &str) -> Option<&Language> {
        let ext = ext.to_ascii_lowercase();
        self.list.iter().find(|l| l.extensions.contains(&ext))
    }

    pub fn all(&self) -> &[Language] {
        &self.list
    }

    /// The ids, for error messages.
    pub fn ids(&self) -> String {
        self.list.iter().map(|l| l.id.as_str()).collect::<Vec<_>>().join(", ")
    }
}

/// Whether a resolved program is absent: neither found on `PATH` nor an existing file.
/// Programs made by the compile (`{dir}/bot`) are not looked for.
fn is_missing(program: &str) -> bool {
    !program.contains('{') && !Path::new(program).is_file()
}

/// Runs the probe and returns the directory it prints, if it worked.
fn probe_toolchain(probe: &[String]) -> Option<String> {
    let out = Command::new(&probe[0]).args(&probe[1..]).output().ok()?;
    let dir = String::from_utf8(out.stdout).ok()?.trim().to_string();
    (out.status.success() && Path::new(&dir).is_dir()).then_some(dir)
}

/// An absolute, symlink-free path for a program: looked up on PATH when it has no slash, so
/// that the sandbox needs to show only the real file (not `/etc/alternatives`).
fn resolve_program(program: &str) -> String {
    let found = if program.contains('/') {
        Some(PathBuf::from(program))
    } else {
        std::env::var_os("PATH")
            .and_then(|paths| std::env::split_paths(&paths).map(|d| d.join(program)).find(|p| p.is_file()))
    };
    match found.and_then(|p| p.canonicalize().ok()) {
        Some(p) if !program.contains('{') => p.to_string_lossy().into_owned(),
        _ => program.to_string(),
    }
}

impl Language {
    /// Why this language cannot be used on this server, for people: the missing program and the
    /// package that provides it. `None` when it can.
    pub fn unavailable(&self) -> Option<String> {
        let program = self.missing.as_deref()?;
        let program = Path::new(program).file_name().map_or(program.into(), |p| p.to_string_lossy());
        Some(match &self.package {
            Some(package) => {
                format!("not installed on this server: `{program}` is missing (package {package})")
            }
            None => format!("not installed on this server: `{program}` is missing"),
        })
    }

    /// Expands `{dir}` and `{memory_mib}` in a command.
    pub fn expand(argv: &[String], dir: &Path, memory_mib: u64) -> Vec<String> {
        let dir = dir.to_string_lossy();
        argv.iter()
            .map(|a| a.replace("{dir}", &dir).replace("{memory_mib}", &memory_mib.to_string()))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_built_in_configuration_has_the_five_required_languages() {
        let langs = Languages::parse(DEFAULT_CONFIG).unwrap();
        for id in ["c", "cpp", "rust", "python", "java"] {
            assert!(langs.get(id).is_some(), "{id} missing");
        }
        assert_eq!(langs.by_extension("PY").unwrap().id, "python");
        assert_eq!(langs.by_extension("cc").unwrap().id, "cpp");
    }

    #[test]
    fn programs_are_resolved_to_absolute_paths() {
        let langs = Languages::parse(DEFAULT_CONFIG).unwrap();
        let c = langs.get("c").unwrap();
        assert!(c.compile.as_ref().unwrap()[0].starts_with('/'), "{:?}", c.compile);
    }

    #[test]
    fn a_language_defined_twice_is_rejected() {
        let one = r#"[[language]]
id = "x"
name = "X"
extensions = ["x"]
source = "main.x"
run = ["/bin/true"]
compile_time_ms = 1
compile_memory_mib = 1
output_cap_kib = 1
"#;
        let err = Languages::parse(&format!("{one}\n{one}")).unwrap_err();
        assert!(err.to_string().contains("defined twice"), "{err}");
    }

    #[test]
    fn a_language_whose_compiler_is_missing_is_unavailable_naming_its_package() {
        let text = |compile: &str| {
            format!(
                r#"[[language]]
id = "x"
name = "X"
extensions = ["x"]
source = "main.x"
compile = ["{compile}", "{{dir}}/main.x"]
run = ["{{dir}}/bot"]
package = "x-compiler"
compile_time_ms = 1
compile_memory_mib = 1
output_cap_kib = 1
"#
            )
        };
        let langs = Languages::parse(&text("botarena-no-such-compiler")).unwrap();
        let x = langs.get("x").unwrap();
        assert_eq!(x.missing.as_deref(), Some("botarena-no-such-compiler"));
        let why = x.unavailable().unwrap();
        assert!(
            why.contains("`botarena-no-such-compiler` is missing") && why.contains("x-compiler"),
            "{why}"
        );
        let langs = Languages::parse(&text("/bin/sh")).unwrap();
        assert_eq!(langs.get("x").unwrap().unavailable(), None, "{{dir}}/bot is made by the compile");
    }

    #[test]
    fn an_unknown_key_is_an_error_not_ignored() {
        let err = Languages::parse("[[language]]\nid = \"x\"\ncolour = 1\n").unwrap_err();
        assert!(err.to_string().contains("colour") || err.to_string().contains("unknown"), "{err}");
    }
}
