//! The sandbox: a [`Launcher`](super::launch::Launcher) that runs untrusted bots and compilers
//! isolated from the judge, the host and each other, with the kernel's own accounting for memory
//! and processes.
//!
//! Each launch runs a small helper (see [`helper`]): forked by the launcher's pre-forked helper
//! process ([`zygote`], a single-threaded `botarena sandbox zygote` started once per launcher), or,
//! where the zygote cannot run, a fresh `botarena sandbox exec` of our binary. The helper puts the
//! program in new PID, mount, IPC and UTS namespaces and a network namespace without interfaces, on
//! a minimal read-only root entered with `pivot_root`, under a user id of its own, with
//! `no_new_privs`, rlimits and a seccomp filter, inside a cgroup that limits memory and processes,
//! pins the CPU, records peak memory and lets the judge kill the whole tree. What the host cannot
//! give is left off and reported by
//! [`Launcher::protections`](super::launch::Launcher::protections); [`require_full_isolation`] is
//! what `serve` and `worker` call to refuse judging on such a host unless told otherwise.
//!
//! What a start costs is kept off its path where that changes nothing a bot can see: the
//! seccomp filters are compiled once by the zygote; so is the read-only part of the root (the
//! system and readable paths, `/etc`, `/dev`), once per set of readable paths and user, in a
//! mount namespace of its own that each launch copies, adding only its own `/tmp`, workdir,
//! `/dev/shm` and `/proc` (a path replaced on the host has it made again; a root that cannot be
//! shared, or a kernel without `open_tree`, is built whole per launch as before); the
//! namespaces, `/tmp`, `/dev/shm`, `/proc` and processes of the next launch of each kind are
//! made by the zygote before that launch comes (a pre-started instance, one per launch, see
//! [`zygote`]) and held by the judge, which hands the launch to it directly, so a start wakes
//! a waiting process instead of forking three, with no hop through the zygote; the bot's status
//! reaches the judge from init as soon as init has reaped the bot and everything it left, not
//! after init and the helper have ended and been reaped in turn; and a zygote that died is
//! replaced at the next launch.
//!
//! Using it: build one `SandboxLauncher::new(SandboxConfig::default())?` per process (it
//! probes the host with a real start, ~20 ms) and share it; give each bot of a game its own
//! `LaunchSpec::slot` (0 and 1; compiles another) since the slot picks the user id, inside the
//! range of uids the process leases on the host ([`uids`]: no two live processes share one). The
//! workdir is shown at its own path: read-only for bots (the launcher makes its files readable
//! by others), writable for compiles (the directory is lent to the slot's user and everything in
//! it given back to the judge's user when the compile ends). Programs must live in the system
//! directories, the spec's `readable` directories or the workdir; `/proc/self/exe` names our
//! own binary (house bots). `ExitInfo::memory_limit_hit` comes from the kernel's OOM-kill
//! count, `peak_memory_kib` from the cgroup's peak.
//!
//! ## Who talks to whom
//!
//! ```text
//! judge thread ── SandboxLauncher (launcher.rs) ──┬─ held instance: hand_over (zygote/handover.rs)
//!   │  prepare.rs, workdir.rs, cgroup/            ├─ zygote/client.rs ══ sockets ══ zygote/server.rs
//!   │                                             └─ `botarena sandbox exec` (no zygote)
//!   └─ SandboxProcess (process.rs): waits, kills, accounts
//!
//! zygote/server.rs ─ fork ─> helper.rs: outer ─> init ─> bot          (root.rs builds the root)
//!                  ─ fork ─> instance.rs: init ─> bot-to-be ─> bot    (on a root.rs shared root)
//! ```
//!
//! The files, by role:
//! - [`config`]: the settings ([`SandboxConfig`], [`NetworkMode`]).
//! - [`launcher`]: [`SandboxLauncher`], built once per process; the path of a launch.
//! - [`prepare`]: one launch on the judge's side before its bot runs (workdir, cgroups,
//!   pipes, the helper's spec).
//! - [`process`]: a started launch as the judge sees it (wait, kill the tree, accounting).
//! - [`probe`]: what the host allows, the protections reported, [`require_full_isolation`].
//! - [`workdir`]: the workdir's owner and modes on the host.
//! - [`wire`]: what the judge, the zygote and the sandbox's processes exchange ([`wire::HelperSpec`],
//!   descriptors, messages, the status pipe); it uses no other file of the sandbox.
//! - [`zygote`]: the pre-forked helper: [`zygote::client`] (the judge's side),
//!   [`zygote::server`] (the zygote process), [`zygote::handover`] (a pre-started instance
//!   and handing a launch to it).
//! - [`helper`]: the processes between the judge and the bot (outer, init, bot);
//!   [`instance`]: those of a pre-started instance (init, bot-to-be); [`root`]: the root
//!   filesystem they enter.
//! - [`cgroup`]: one control group per launch (limits, accounting, the whole-tree kill) and
//!   the keeper that makes them ahead; [`seccomp`]: the system call filter; [`uids`]: the
//!   host's ranges of sandbox user ids.
//!
//! Imports run one way: the judge's side (`launcher`, `prepare`, `process`) uses the zygote's
//! client, never its server; the zygote's server uses the helper and instance processes; and
//! everything they exchange is in `wire`, which uses none of them (`tests/architecture.rs`
//! fails on a circle among these files).

pub mod cgroup;
pub mod config;
pub mod helper;
pub mod instance;
pub mod launcher;
pub mod prepare;
pub mod probe;
pub mod process;
pub mod root;
pub mod seccomp;
pub mod uids;
pub mod wire;
pub mod workdir;
pub mod zygote;

pub use config::{NetworkMode, SandboxConfig};
pub use launcher::SandboxLauncher;
pub use probe::{require_full_isolation, ALLOW_INSECURE_FLAG};
pub use process::{kill_user, processes_of_user, processes_of_users};
pub use uids::orphaned_sandbox_processes;
