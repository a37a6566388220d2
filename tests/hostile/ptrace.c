/* Tries to ptrace init, the pid given (the opponent) and itself; reports each result. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ptrace.h>
#include <sys/uio.h>
#include <unistd.h>
static void report(const char *what, long rc) { printf("%s %s\n", what, rc == 0 ? "ok" : strerror(errno)); }
int main(int argc, char **argv) {
    report("attach-init", ptrace(PTRACE_ATTACH, 1, 0, 0));
    if (argc > 1) report("attach-other", ptrace(PTRACE_ATTACH, atoi(argv[1]), 0, 0));
    report("traceme", ptrace(PTRACE_TRACEME, 0, 0, 0));
    char buf[8];
    struct iovec local = {buf, sizeof buf}, remote = {buf, sizeof buf};
    report("vm-read", process_vm_readv(1, &local, 1, &remote, 1, 0) < 0 ? -1 : 0);
    return 0;
}
