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
//! them fall back), except foreign ABIs, which kill the process: 32-bit and x32 system calls
//! would bypass every rule below, which is written for x86-64 numbers.

/// Builds the BPF program. `deny_unix_sockets` also closes `socket(AF_UNIX, …)`: bots may share one
/// prepared network namespace, and the abstract Unix socket namespace belongs to the network
/// namespace, so it would be a channel between the two bots of a game. `socketpair` stays open.
#[cfg(target_arch = "x86_64")]
pub fn filter(deny_unix_sockets: bool) -> Vec<libc::sock_filter> {
    const AUDIT_ARCH_X86_64: u32 = 0xC000_003E;
    const X32_SYSCALL_BIT: u32 = 0x4000_0000;
    const LD_W_ABS: u16 = (libc::BPF_LD | libc::BPF_W | libc::BPF_ABS) as u16;
    const JEQ_K: u16 = (libc::BPF_JMP | libc::BPF_JEQ | libc::BPF_K) as u16;
    const JGE_K: u16 = (libc::BPF_JMP | libc::BPF_JGE | libc::BPF_K) as u16;
    const JSET_K: u16 = (libc::BPF_JMP | libc::BPF_JSET | libc::BPF_K) as u16;
    const RET_K: u16 = (libc::BPF_RET | libc::BPF_K) as u16;
    // Offsets in `struct seccomp_data`.
    const NR: u32 = 0;
    const ARCH: u32 = 4;
    const ARG0_LOW: u32 = 16;
    const ARG2_LOW: u32 = 32;

    let stmt = |code: u16, k: u32| libc::sock_filter { code, jt: 0, jf: 0, k };
    let jump = |code: u16, k: u32, jt: u8, jf: u8| libc::sock_filter { code, jt, jf, k };
    let errno = |e: i32| libc::SECCOMP_RET_ERRNO | (e as u32 & libc::SECCOMP_RET_DATA);

    let denied: &[libc::c_long] = &[
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
    let ns_flags = (libc::CLONE_NEWNS
        | libc::CLONE_NEWUSER
        | libc::CLONE_NEWPID
        | libc::CLONE_NEWNET
        | libc::CLONE_NEWIPC
        | libc::CLONE_NEWUTS
        | libc::CLONE_NEWCGROUP) as u32;

    let mut prog = vec![
        // Foreign ABIs (i386 via int 0x80, which reports AUDIT_ARCH_I386) are killed.
        stmt(LD_W_ABS, ARCH),
        jump(JEQ_K, AUDIT_ARCH_X86_64, 1, 0),
        stmt(RET_K, libc::SECCOMP_RET_KILL_PROCESS),
        stmt(LD_W_ABS, NR),
        // x32 numbers carry bit 30; they share the x86-64 arch value.
        jump(JGE_K, X32_SYSCALL_BIT, 0, 1),
        stmt(RET_K, libc::SECCOMP_RET_KILL_PROCESS),
    ];
    for nr in denied {
        prog.push(jump(JEQ_K, *nr as u32, 0, 1));
        prog.push(stmt(RET_K, errno(libc::EPERM)));
    }
    // clone3 passes its flags in memory, out of a filter's reach: make it look absent so
    // the C library falls back to clone, whose flags we can check.
    prog.push(jump(JEQ_K, libc::SYS_clone3 as u32, 0, 1));
    prog.push(stmt(RET_K, errno(libc::ENOSYS)));
    // clone with any CLONE_NEW* flag: no new namespaces (user namespaces above all).
    prog.push(jump(JEQ_K, libc::SYS_clone as u32, 0, 4));
    prog.push(stmt(LD_W_ABS, ARG0_LOW));
    prog.push(jump(JSET_K, ns_flags, 0, 1));
    prog.push(stmt(RET_K, errno(libc::EPERM)));
    prog.push(stmt(RET_K, libc::SECCOMP_RET_ALLOW));
    // socket(): an allow-list of address families, because some families are not confined by
    // the network namespace at all (AF_VSOCK reaches the hypervisor of a VM host) and others
    // need review one by one. IPv4/IPv6 are safe (no interface is up), netlink only for the
    // read-mostly NETLINK_ROUTE that C libraries use to list interfaces, Unix sockets unless
    // the namespace is shared; everything else looks unsupported.
    prog.extend([
        jump(JEQ_K, libc::SYS_socket as u32, 0, 10),
        stmt(LD_W_ABS, ARG0_LOW),
        jump(JEQ_K, libc::AF_INET as u32, 7, 0),
        jump(JEQ_K, libc::AF_INET6 as u32, 6, 0),
        jump(JEQ_K, libc::AF_UNIX as u32, 3, 0),
        jump(JEQ_K, libc::AF_NETLINK as u32, 0, 3),
        stmt(LD_W_ABS, ARG2_LOW),
        jump(JEQ_K, libc::NETLINK_ROUTE as u32, 2, 1),
        stmt(RET_K, if deny_unix_sockets { errno(libc::EPERM) } else { libc::SECCOMP_RET_ALLOW }),
        stmt(RET_K, errno(libc::EAFNOSUPPORT)),
        stmt(RET_K, libc::SECCOMP_RET_ALLOW),
    ]);
    prog.push(stmt(RET_K, libc::SECCOMP_RET_ALLOW));
    prog
}

/// Installs `filter` on the calling thread (inherited by everything it starts). Needs
/// `no_new_privs` or `CAP_SYS_ADMIN`; the sandbox sets `no_new_privs` first.
#[allow(unsafe_code)]
pub fn install(filter: &[libc::sock_filter]) -> std::io::Result<()> {
    let prog =
        libc::sock_fprog { len: filter.len() as u16, filter: filter.as_ptr() as *mut libc::sock_filter };
    // SAFETY: `prog` points at `filter`, which outlives the call; the kernel copies the program
    // and validates it, and the remaining arguments are the documented constants.
    let rc = unsafe {
        libc::prctl(
            libc::PR_SET_SECCOMP,
            libc::SECCOMP_MODE_FILTER as libc::c_ulong,
            &prog as *const libc::sock_fprog,
        )
    };
    if rc != 0 {
        return Err(std::io::Error::last_os_error());
    }
    Ok(())
}

#[cfg(not(target_arch = "x86_64"))]
pub fn filter(_deny_unix_sockets: bool) -> Vec<libc::sock_filter> {
    Vec::new()
}

/// Whether this build has a filter for the machine's architecture.
pub fn supported() -> bool {
    cfg!(target_arch = "x86_64")
}
