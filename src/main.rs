use clap::Parser;

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
    botarena::judge::launch::raise_open_files_limit();
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_env("BOTARENA_LOG").unwrap_or_else(|_| "warn".into()),
        )
        .with_writer(std::io::stderr)
        .init();
    let cli = botarena::cli::Cli::parse();
    let code = match botarena::cli::run(cli) {
        Ok(code) => code,
        Err(err) => {
            eprintln!("error: {err:#}");
            2
        }
    };
    // Nothing the sandbox started outlives us, not even for a moment (the zygotes reap every
    // process they started before they exit), and our scratch goes.
    botarena::judge::sandbox::zygote::end_all(std::time::Duration::from_secs(5));
    botarena::scratch::leave();
    std::process::exit(code)
}
