use clap::Parser;

/// Raises the soft limit on open files to the hard one: a judge holds a few descriptors for each
/// cgroup and instance it prepares ahead, per worker, and 1024 (the usual soft limit) is a default
/// for programs that use `select`, not a need. Bots get limits of their own (`max_open_files`).
fn raise_open_files_limit() {
    use nix::sys::resource::{getrlimit, setrlimit, Resource};
    if let Ok((soft, hard)) = getrlimit(Resource::RLIMIT_NOFILE) {
        if soft < hard {
            let _ = setrlimit(Resource::RLIMIT_NOFILE, hard, hard);
        }
    }
}

fn main() {
    // The sandbox helper (`sandbox exec SPEC`) is started for every bot: it goes straight to its
    // work, without the logging set-up and the parsing of every other subcommand's arguments.
    let mut args = std::env::args_os().skip(1);
    if let (Some(a), Some(b), Some(spec), None) = (args.next(), args.next(), args.next(), args.next()) {
        if a == "sandbox" && b == "exec" {
            std::process::exit(botarena::cli::sandbox::exec(&spec.to_string_lossy()));
        }
        // The pre-forked helper likewise: it must stay single-threaded, since it forks.
        if a == "sandbox" && b == "zygote" {
            if let Ok(judge_pid) = spec.to_string_lossy().parse::<u32>() {
                botarena::judge::sandbox::zygote::serve(judge_pid);
            }
        }
    }
    raise_open_files_limit();
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_env("BOTARENA_LOG").unwrap_or_else(|_| "warn".into()),
        )
        .with_writer(std::io::stderr)
        .init();
    let cli = botarena::cli::Cli::parse();
    match botarena::cli::run(cli) {
        Ok(code) => std::process::exit(code),
        Err(err) => {
            eprintln!("error: {err:#}");
            std::process::exit(2);
        }
    }
}
