//! The seccomp filter installed just before the bot's `execve`.
//!
//! **Deny-list, not allow-list, on purpose.** The isolation that matters is done by namespaces,
//! an unprivileged user id, cgroups and rlimits; seccomp only removes kernel interfaces those do
//! not cover and that have a history of privilege-escalation bugs (ptrace, keyrings, bpf,
//! perf, userfaultfd, io_uring, new namespaces, module loading, kexec) or would let a bot
//! talk to the other bot of the game. An allow-list would have to follow every runtime we
//! host (JVM, CPython, Go, gcc, rustc, …) through every release, and a missing entry turns into
//! a bot that crashes for no reason the student can see; a deny-list keeps the runtimes working
//! while the listed interfaces are closed. Denied calls fail with `EPERM` (so runtimes that probe
//! them fall back), except foreign ABIs, which kill the process: 32-bit (and on x86-64, x32)
//! system calls would bypass every rule below, which is written for the native numbers.
//!
//! The programs are compiled by `seccompiler` (rust-vmm), which knows the BPF layout of
//! `seccomp_data`, the audit value of each architecture and the kernel's length limit, so the
//! policy below is written as rules, not instructions, and covers x86-64 and aarch64 alike.
//! A seccompiler filter has one action for the calls its rules match, so the policy is a stack
//! of filters, one per answer (`EPERM`, `ENOSYS`, `EAFNOSUPPORT`); the kernel runs all of
//! them and keeps the strongest answer (kill, then errno, then allow), and the rule sets are
//! disjoint, so every call gets exactly the answer it got from the single hand-written program
//! this replaces. Each filter starts with seccompiler's architecture check, which kills any
//! call made through a foreign ABI. The stack is then chained into one program ([`chain`]):
//! the same answers, one program for the kernel to prepare per bot and to run per call.

use std::collections::BTreeMap;

use seccompiler::{
    BpfProgram, SeccompAction, SeccompCmpArgLen, SeccompCmpOp, SeccompCondition, SeccompFilter, SeccompRule,
    TargetArch,
};

/// The filters, in the order they are installed (one, chained, where the stack fits).
pub type Filters = Vec<BpfProgram>;

#[cfg(target_arch = "x86_64")]
const ARCH: Option<TargetArch> = Some(TargetArch::x86_64);
#[cfg(target_arch = "aarch64")]
const ARCH: Option<TargetArch> = Some(TargetArch::aarch64);
#[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
const ARCH: Option<TargetArch> = None;

/// Calls that fail with `EPERM` whatever their arguments.
#[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
const DENIED: &[libc::c_long] = &[
    libc::SYS_ptrace,
    libc::SYS_process_vm_readv,
    libc::SYS_process_vm_writev,
    libc::SYS_kcmp,
    libc::SYS_keyctl,
    libc::SYS_add_key,
    libc::SYS_request_key,
    libc::SYS_bpf,
    libc::SYS_perf_event_open,
    libc::SYS_userfaultfd,
    libc::SYS_mount,
    libc::SYS_umount2,
    libc::SYS_fsopen,
    libc::SYS_fsconfig,
    libc::SYS_fsmount,
    libc::SYS_fspick,
    libc::SYS_move_mount,
    libc::SYS_open_tree,
    libc::SYS_mount_setattr,
    libc::SYS_pivot_root,
    libc::SYS_chroot,
    libc::SYS_unshare,
    libc::SYS_setns,
    libc::SYS_io_uring_setup,
    libc::SYS_io_uring_enter,
    libc::SYS_io_uring_register,
    libc::SYS_kexec_load,
    libc::SYS_kexec_file_load,
    libc::SYS_init_module,
    libc::SYS_finit_module,
    libc::SYS_delete_module,
    libc::SYS_reboot,
    libc::SYS_swapon,
    libc::SYS_swapoff,
    libc::SYS_acct,
    libc::SYS_quotactl,
    libc::SYS_open_by_handle_at,
    libc::SYS_name_to_handle_at,
    libc::SYS_lookup_dcookie,
    libc::SYS_syslog,
    libc::SYS_settimeofday,
    libc::SYS_clock_settime,
    libc::SYS_clock_adjtime,
    libc::SYS_adjtimex,
];
#[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
const DENIED: &[libc::c_long] = &[];

/// The `clone` flags that make a new namespace (user namespaces above all).
const NAMESPACE_FLAGS: [libc::c_int; 7] = [
    libc::CLONE_NEWNS,
    libc::CLONE_NEWUSER,
    libc::CLONE_NEWPID,
    libc::CLONE_NEWNET,
    libc::CLONE_NEWIPC,
    libc::CLONE_NEWUTS,
    libc::CLONE_NEWCGROUP,
];

/// A system call number as seccompiler takes it (`c_long` is `i64` on the targets with a filter).
#[allow(clippy::unnecessary_cast)]
fn number(nr: libc::c_long) -> i64 {
    nr as i64
}

/// A condition on the low 32 bits of argument `arg` (the kernel reads these arguments as `int`,
/// or, for `clone`'s flags, has every namespace flag in the low half).
fn low(arg: u8, op: SeccompCmpOp, value: libc::c_int) -> Result<SeccompCondition, seccompiler::BackendError> {
    SeccompCondition::new(arg, SeccompCmpArgLen::Dword, op, value as u32 as u64)
}

/// Builds the filters. `deny_unix_sockets` also closes `socket(AF_UNIX, …)`: bots may share one
/// prepared network namespace, and the abstract Unix socket namespace belongs to the network
/// namespace, so it would be a channel between the two bots of a game. `socketpair` stays open.
///
/// This allocates: call it before forking the process that installs the filters.
pub fn filter(deny_unix_sockets: bool) -> Result<Filters, seccompiler::BackendError> {
    use SeccompCmpOp::{Eq, MaskedEq, Ne};
    let Some(arch) = ARCH else { return Ok(Vec::new()) };
    let socket_family = |op, family| low(0, op, family);

    // EPERM: the deny-list, clone with any CLONE_NEW* flag, and Unix sockets when shared.
    let mut eperm: BTreeMap<i64, Vec<SeccompRule>> =
        DENIED.iter().map(|nr| (number(*nr), Vec::new())).collect();
    let clone_rules = NAMESPACE_FLAGS
        .iter()
        .map(|flag| SeccompRule::new(vec![low(0, MaskedEq(*flag as u32 as u64), *flag)?]))
        .collect::<Result<Vec<_>, _>>()?;
    eperm.insert(number(libc::SYS_clone), clone_rules);
    if deny_unix_sockets {
        eperm.insert(
            number(libc::SYS_socket),
            vec![SeccompRule::new(vec![socket_family(Eq, libc::AF_UNIX)?])?],
        );
    }

    // ENOSYS: clone3 passes its flags in memory, out of a filter's reach; looking absent, it
    // makes the C library fall back to clone, whose flags the rules above check.
    let enosys = BTreeMap::from([(number(libc::SYS_clone3), Vec::new())]);

    // EAFNOSUPPORT: socket() takes an allow-list of address families, because some families
    // are not confined by the network namespace at all (AF_VSOCK reaches the hypervisor of a VM
    // host) and others need review one by one. IPv4/IPv6 are safe (no interface is up), netlink
    // only for the read-mostly NETLINK_ROUTE that C libraries use to list interfaces, Unix
    // sockets unless the namespace is shared (above); everything else looks unsupported.
    let other_family = SeccompRule::new(vec![
        socket_family(Ne, libc::AF_INET)?,
        socket_family(Ne, libc::AF_INET6)?,
        socket_family(Ne, libc::AF_UNIX)?,
        socket_family(Ne, libc::AF_NETLINK)?,
    ])?;
    let other_netlink =
        SeccompRule::new(vec![socket_family(Eq, libc::AF_NETLINK)?, low(2, Ne, libc::NETLINK_ROUTE)?])?;
    let eafnosupport = BTreeMap::from([(number(libc::SYS_socket), vec![other_family, other_netlink])]);

    let mut filters = Vec::new();
    #[cfg(target_arch = "x86_64")]
    filters.push(x32_guard());
    for (rules, errno) in [(eperm, libc::EPERM), (enosys, libc::ENOSYS), (eafnosupport, libc::EAFNOSUPPORT)] {
        let filter =
            SeccompFilter::new(rules, SeccompAction::Allow, SeccompAction::Errno(errno as u32), arch)?;
        filters.push(filter.try_into()?);
    }
    Ok(chain(filters))
}

/// The stack as one program, where it fits: each program's "allow" jumps to the start of the
/// next one instead of returning, so a call gets the first answer that is not "allow". With rule
/// sets that never give two different refusals to one call, that is the stack's answer, and the
/// kernel then installs, checks and compiles one program per bot instead of four, and runs one
/// on every system call the bot makes. A program that returns anything but a constant is left
/// as it is.
fn chain(programs: Vec<BpfProgram>) -> Filters {
    const RET_K: u16 = (libc::BPF_RET | libc::BPF_K) as u16;
    const JA: u16 = (libc::BPF_JMP | libc::BPF_JA) as u16;
    let constant_returns =
        programs.iter().flatten().all(|i| i.code & 0x07 != libc::BPF_RET as u16 || i.code == RET_K);
    let total: usize = programs.iter().map(Vec::len).sum();
    if !constant_returns || total > MAX_INSTRUCTIONS || programs.len() < 2 {
        return programs;
    }
    let last = programs.len() - 1;
    let mut one = Vec::with_capacity(total);
    for (k, program) in programs.into_iter().enumerate() {
        let len = program.len();
        for (i, insn) in program.into_iter().enumerate() {
            if k < last && insn.code == RET_K && insn.k == libc::SECCOMP_RET_ALLOW {
                // Past this program's remaining instructions: the next program's first.
                one.push(seccompiler::sock_filter { code: JA, jt: 0, jf: 0, k: (len - i - 1) as u32 });
            } else {
                one.push(insn);
            }
        }
    }
    vec![one]
}

/// The kernel's limit on one classic BPF program (`BPF_MAXINSNS`).
const MAX_INSTRUCTIONS: usize = 4096;

/// x32 system calls report the x86-64 architecture and carry bit 30 in their number, so the
/// architecture check of the other filters lets them through, and their numbers match no rule;
/// they are killed here. seccompiler's rules compare numbers for equality, so this one test
/// (a number at or above the bit) is the only program written by hand.
#[cfg(target_arch = "x86_64")]
fn x32_guard() -> BpfProgram {
    const X32_SYSCALL_BIT: u32 = 0x4000_0000;
    const NR: u32 = 0; // offset of `nr` in `struct seccomp_data`
    let op = |code: u32| code as u16;
    let insn = |code, jt, jf, k| seccompiler::sock_filter { code, jt, jf, k };
    vec![
        insn(op(libc::BPF_LD | libc::BPF_W | libc::BPF_ABS), 0, 0, NR),
        insn(op(libc::BPF_JMP | libc::BPF_JGE | libc::BPF_K), 0, 1, X32_SYSCALL_BIT),
        insn(op(libc::BPF_RET | libc::BPF_K), 0, 0, libc::SECCOMP_RET_KILL_PROCESS),
        insn(op(libc::BPF_RET | libc::BPF_K), 0, 0, libc::SECCOMP_RET_ALLOW),
    ]
}

/// Installs `filters` on the calling thread (inherited by everything it starts), in order.
/// Needs `no_new_privs` or `CAP_SYS_ADMIN`; the sandbox sets `no_new_privs` first. Allocates
/// nothing.
pub fn install(filters: &[BpfProgram]) -> Result<(), seccompiler::Error> {
    filters.iter().try_for_each(|program| seccompiler::apply_filter(program))
}

/// Whether this build has a filter for the machine's architecture.
pub fn supported() -> bool {
    ARCH.is_some()
}

#[cfg(all(test, any(target_arch = "x86_64", target_arch = "aarch64")))]
mod tests {
    //! The filters are run here by a small classic-BPF interpreter, stacked the way the kernel
    //! stacks them, on every system call number and on the arguments that matter, and compared
    //! with the policy written out in plain Rust.

    use super::*;

    const KILL: u32 = libc::SECCOMP_RET_KILL_PROCESS;
    const ALLOW: u32 = libc::SECCOMP_RET_ALLOW;
    fn errno(e: i32) -> u32 {
        libc::SECCOMP_RET_ERRNO | e as u32
    }

    #[cfg(target_arch = "x86_64")]
    const NATIVE: u32 = 0xC000_003E;
    #[cfg(target_arch = "aarch64")]
    const NATIVE: u32 = 0xC000_00B7;
    const FOREIGN: [u32; 4] =
        [0x4000_0003 /* i386 */, 0x4000_0028 /* arm */, 0xC000_003E, 0xC000_00B7];

    /// `struct seccomp_data` as 32-bit words: nr, arch, instruction pointer, six arguments.
    struct Call {
        arch: u32,
        nr: u32,
        args: [u64; 6],
    }

    impl Call {
        fn word(&self, offset: u32) -> u32 {
            match offset {
                0 => self.nr,
                4 => self.arch,
                8 | 12 => 0,
                _ => {
                    let arg = self.args[(offset as usize - 16) / 8];
                    if offset.is_multiple_of(8) {
                        arg as u32
                    } else {
                        (arg >> 32) as u32
                    }
                }
            }
        }
    }

    fn run(program: &[seccompiler::sock_filter], call: &Call) -> u32 {
        let (mut a, mut pc) = (0u32, 0usize);
        loop {
            let i = &program[pc];
            pc += 1;
            let jump = |taken: bool| if taken { i.jt as usize } else { i.jf as usize };
            match u32::from(i.code) {
                c if c == libc::BPF_LD | libc::BPF_W | libc::BPF_ABS => a = call.word(i.k),
                c if c == libc::BPF_ALU | libc::BPF_AND | libc::BPF_K => a &= i.k,
                c if c == libc::BPF_JMP | libc::BPF_JA => pc += i.k as usize,
                c if c == libc::BPF_JMP | libc::BPF_JEQ | libc::BPF_K => pc += jump(a == i.k),
                c if c == libc::BPF_JMP | libc::BPF_JGT | libc::BPF_K => pc += jump(a > i.k),
                c if c == libc::BPF_JMP | libc::BPF_JGE | libc::BPF_K => pc += jump(a >= i.k),
                c if c == libc::BPF_JMP | libc::BPF_JSET | libc::BPF_K => pc += jump(a & i.k != 0),
                c if c == libc::BPF_RET | libc::BPF_K => return i.k,
                c => panic!("instruction {c:#x} not interpreted"),
            }
        }
    }

    /// What the kernel answers with a stack of filters: the most recent filter's answer among the
    /// strongest (lowest action, read as a signed number).
    fn verdict(filters: &[BpfProgram], call: &Call) -> u32 {
        let action = |ret: u32| (ret & libc::SECCOMP_RET_ACTION_FULL) as i32;
        let mut best = ALLOW;
        for f in filters.iter().rev() {
            let ret = run(f, call);
            if action(ret) < action(best) {
                best = ret;
            }
        }
        best
    }

    /// The policy, written out.
    fn expected(call: &Call, deny_unix_sockets: bool) -> u32 {
        let nr = call.nr as libc::c_long;
        let low = |arg: usize| call.args[arg] as u32 as libc::c_int;
        if call.arch != NATIVE || (cfg!(target_arch = "x86_64") && call.nr >= 0x4000_0000) {
            return KILL;
        }
        if DENIED.contains(&nr) {
            return errno(libc::EPERM);
        }
        match nr {
            libc::SYS_clone3 => errno(libc::ENOSYS),
            libc::SYS_clone if NAMESPACE_FLAGS.iter().any(|f| low(0) & f != 0) => errno(libc::EPERM),
            libc::SYS_socket => match low(0) {
                libc::AF_INET | libc::AF_INET6 => ALLOW,
                libc::AF_UNIX if deny_unix_sockets => errno(libc::EPERM),
                libc::AF_UNIX => ALLOW,
                libc::AF_NETLINK if low(2) == libc::NETLINK_ROUTE => ALLOW,
                _ => errno(libc::EAFNOSUPPORT),
            },
            _ => ALLOW,
        }
    }

    fn calls() -> Vec<Call> {
        let high = 1u64 << 32;
        let mut calls = Vec::new();
        let mut nrs: Vec<u32> = (0..600).collect();
        nrs.extend([0x4000_0000, 0x4000_0000 | libc::SYS_ptrace as u32, 0x4000_0000 | 1, u32::MAX]);
        for arch in std::iter::once(NATIVE).chain(FOREIGN.into_iter().filter(|a| *a != NATIVE)) {
            for &nr in &nrs {
                calls.push(Call { arch, nr, args: [0; 6] });
            }
        }
        let mut flags: Vec<u64> = vec![0, libc::SIGCHLD as u64, high, u64::MAX];
        for f in NAMESPACE_FLAGS {
            flags.extend([f as u64, f as u64 | libc::SIGCHLD as u64, f as u64 | high]);
        }
        for &arg0 in &flags {
            calls.push(Call { arch: NATIVE, nr: libc::SYS_clone as u32, args: [arg0, 0, 0, 0, 0, 0] });
        }
        let protocols = [0, 1, libc::NETLINK_ROUTE as u64, high, high | 1, u64::MAX];
        for family in
            (0..64u64).chain([high, high | libc::AF_INET as u64, high | libc::AF_VSOCK as u64, u64::MAX])
        {
            for &protocol in &protocols {
                calls.push(Call {
                    arch: NATIVE,
                    nr: libc::SYS_socket as u32,
                    args: [family, 1, protocol, 0, 0, 0],
                });
            }
        }
        calls
    }

    #[test]
    fn every_call_gets_the_answer_the_policy_gives() {
        for deny_unix_sockets in [false, true] {
            let filters = filter(deny_unix_sockets).unwrap();
            for call in calls() {
                assert_eq!(
                    verdict(&filters, &call),
                    expected(&call, deny_unix_sockets),
                    "arch {:#x} nr {} args {:x?} deny_unix_sockets {deny_unix_sockets}",
                    call.arch,
                    call.nr,
                    call.args
                );
            }
        }
    }

    #[test]
    fn the_interfaces_that_matter_most_are_closed() {
        let filters = filter(false).unwrap();
        let call =
            |nr: libc::c_long, args: [u64; 6]| verdict(&filters, &Call { arch: NATIVE, nr: nr as u32, args });
        for nr in
            [libc::SYS_ptrace, libc::SYS_bpf, libc::SYS_unshare, libc::SYS_setns, libc::SYS_io_uring_setup]
        {
            assert_eq!(call(nr, [0; 6]), errno(libc::EPERM), "syscall {nr}");
        }
        assert_eq!(call(libc::SYS_clone, [libc::CLONE_NEWUSER as u64, 0, 0, 0, 0, 0]), errno(libc::EPERM));
        assert_eq!(call(libc::SYS_clone, [libc::SIGCHLD as u64, 0, 0, 0, 0, 0]), ALLOW);
        assert_eq!(call(libc::SYS_clone3, [0; 6]), errno(libc::ENOSYS));
        assert_eq!(call(libc::SYS_socket, [libc::AF_VSOCK as u64, 1, 0, 0, 0, 0]), errno(libc::EAFNOSUPPORT));
        assert_eq!(call(libc::SYS_socket, [libc::AF_INET as u64, 1, 0, 0, 0, 0]), ALLOW);
        assert_eq!(call(libc::SYS_read, [0; 6]), ALLOW);
        let i386 = Call { arch: 0x4000_0003, nr: 1, args: [0; 6] };
        assert_eq!(verdict(&filters, &i386), KILL);
    }

    #[test]
    fn the_seccomp_filter_is_small_enough_for_the_kernel() {
        let filters = filter(true).unwrap();
        // One program: the stack chained (see `seccomp::chain`).
        assert_eq!(filters.len(), usize::from(supported()));
        for f in &filters {
            assert!(!f.is_empty() && f.len() < 4096);
            assert_eq!(f.last().map(|i| i.k), Some(libc::SECCOMP_RET_ALLOW));
        }
    }
}
