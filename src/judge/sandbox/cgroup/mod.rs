//! One control group per launch: memory limit and peak, pids limit, CPU pinning, and a reliable
//! "kill everything" for the bot's whole process tree.
//!
//! Hosts differ: ours expose cgroup v1 controllers (`/sys/fs/cgroup/memory`, `pids`, `cpuset`,
//! `freezer`) beside a nearly empty v2 mount, while current distributions mount a single v2
//! hierarchy. [`CgroupHost::detect`] finds what is usable and [`LaunchCgroup`] hides the
//! difference from the launcher.
//!
//! The files: [`host`] finds what the host offers ([`CgroupHost`]); [`group`] is one launch's
//! groups ([`LaunchCgroup`]: limits, accounting, the whole-tree kill); [`keeper`] makes them
//! ahead and removes them after, on a thread of its own ([`GroupKeeper`]).

pub mod group;
pub mod host;
pub mod keeper;

pub use group::{CgroupLimits, LaunchCgroup};
pub use host::CgroupHost;
pub use keeper::GroupKeeper;
