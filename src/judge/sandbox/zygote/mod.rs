//! The pre-forked helper ("zygote"): one small process per launcher, started once, that forks
//! the sandbox helper of every launch instead of the judge spawning and executing a fresh copy
//! of our 17 MB binary each time.
//!
//! Executing the binary (dynamic relocations, page faults) and forking the large, many-threaded
//! judge were the largest part of a sandboxed start. The zygote is a fresh exec of the same binary
//! (`botarena sandbox zygote`), single-threaded, that does nothing but wait on a `SOCK_SEQPACKET`
//! socket for launch requests: the [`HelperSpec`](super::wire::HelperSpec) as JSON plus the
//! launch's descriptors (the bot's three pipe ends, the error pipe, a status pipe and the prepared
//! network namespace) passed with `SCM_RIGHTS`. For each request it forks a child that puts the
//! descriptors at 0, 1, 2, 3 (error pipe), 4 (network namespace) and 5 (status pipe), closes every
//! other descriptor, and then runs exactly the code `botarena sandbox exec` runs
//! ([`super::helper::run`]): outer, init and bot are made as before, with the same namespaces,
//! root, user, cgroups, rlimits and seccomp filter. It replies with the child's pid and a pidfd of
//! it (so the judge can kill that very process, never a reused pid). The helper's init writes the
//! bot's raw wait status on the status pipe as soon as it has reaped the bot and everything the bot
//! left (see [`super::helper`]); the judge waits there. If init dies without writing, every write
//! end is gone and the judge reads end of file, which it takes for a kill. The zygote only reaps
//! the helpers (and writes the status itself for a launch without namespaces, where the helper
//! becomes the bot).
//!
//! The read-only part of each launch's root is prepared once too (`SharedRoots`, in [`server`]): a
//! helper joins its mount namespace before unsharing its own (a copy), so nothing a launch mounts
//! reaches the prepared root or another launch, and its mounts are read-only to the bot.
//!
//! **Pre-started instances.** For a launch with a prepared root nobody forks a helper at the
//! launch: it goes to an instance started earlier for launches of the same kind (same root, `/tmp`
//! size and network namespace; see [`super::instance::run_instance`]), whose init and bot-to-be
//! already exist in their new namespaces and wait on two sockets, the bot-to-be already under its
//! seccomp filter (the zygote forks that init straight into the namespaces, entering them itself
//! and coming back, so no outer helper stands between: `start_instance`). The zygote starts the
//! instances and hands them to the judge on a second socket, the *instance channel* (the judge asks
//! for up to [`INSTANCES_PER_KIND`] of each kind it has launched, [`Zygote::want_instances`], and a
//! thread of the judge's takes them in); the judge then hands a launch to the instance itself
//! ([`Zygote::take_held`], [`hand_over`]), with no hop through the zygote: it writes the launch's
//! limits to the groups the instance's bot-to-be joined as it was made, takes the workdir as a
//! detached mount (`open_tree`), sends init the workdir and the status pipe and the bot-to-be the
//! request with the other descriptors. The instance's successor is asked for once the launch is
//! over ([`Zygote::launch_over`], when the judge drops the launch), and its init, having reported
//! the bot's end, exits only then too, so neither the making of an instance nor the teardown of one
//! (an RCU grace period for its mounts) competes with a bot that is starting or playing; only a
//! launch that takes the last instance of its kind asks at once ([`Refill`]). The zygote starts
//! instances when no launch is waiting (so the two launches of a game go first). A launch of a kind
//! the judge holds no instance of goes to the zygote, which starts an instance for it at once; one
//! that will not start makes the launch go the ordinary way, which reports why. An instance found
//! ended (killed from outside, or its zygote gone) is dropped and the launch goes to the zygote;
//! one made on a root whose readable paths have changed on the host since is dropped too, and the
//! zygote makes the root again.
//!
//! The seccomp filters are compiled once, when the zygote starts (both variants: with and
//! without Unix sockets denied), and every helper inherits the finished programs with the fork.
//!
//! Why this keeps every isolation property: the zygote holds no state of any launch once the
//! helper is forked or the instance has the launch (not even the status pipe, which goes to
//! the helper or the instance's init); an instance is made from the same pristine state as a
//! forked helper, serves exactly one launch, and until then holds nothing of any launch (its
//! `/tmp` and `/dev/shm` are new and empty, its PID namespace holds only its init and
//! bot-to-be, both root, not dumpable, unreachable from any bot's namespace; the judge holds
//! its sockets, which no other process has, and the bot-to-be closes its own before it becomes
//! the bot);
//! the helper it forks starts from the zygote's pristine state, which no launch ever changes
//! (everything a launch does happens in the forked child and its descendants); the child keeps
//! no descriptor but its own launch's (the control socket, the signalfd and other launches'
//! status pipes are closed before [`super::helper::run`]), and the bot still closes everything but its
//! three pipes before `execve`. The zygote runs as root in the judge's own cgroups and
//! namespaces, like the judge's threads that spawned the helper before; the bot still joins its
//! launch's fresh cgroups itself, so its memory peak is its own.
//!
//! Restart: a zygote killed from outside (or crashed) is noticed by the launcher at its next
//! launch (the thread waiting for it clears [`Zygote::is_alive`], and a request that finds the
//! socket closed fails with `BrokenPipe`); the launcher then starts a new zygote, logs it, and
//! sends the launch there. Launches in flight when it died read a kill, as before.
//!
//! Lifetime: the zygote dies with the judge (`PR_SET_PDEATHSIG`, armed from a thread that
//! lives exactly as long as the zygote, since a death signal follows the *thread* that started
//! a process), and it exits when its control socket closes (the launcher and every process it
//! started are gone). Helpers and the inits of instances die with the zygote (their own death
//! signal), the inits of helpers with their helpers, and the instances the judge holds end
//! with the instance channel.
//!
//! The files: [`client`] is the judge's side (starting the zygote, asking it for helpers and
//! instances, the instances the judge holds); [`server`] is the zygote process itself;
//! [`handover`] is what both sides know of a pre-started instance and how a launch is handed to
//! one (the judge does it for the instances it holds, the zygote for one it starts for a
//! launch). What they send each other is in [`super::wire`]; neither side imports the other.

pub mod client;
pub mod handover;
pub mod server;

pub use client::{end_all, exiting, Forked, Refill, StampCache, Taken, Zygote, INSTANCES_PER_KIND};
pub use handover::{hand_over, Instance};
pub use server::serve;
