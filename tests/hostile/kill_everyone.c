/* kill(-1), then kills and stops its parent and the pid given as argument; reports each result. */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
static void report(const char *what, int rc) { printf("%s %s\n", what, rc == 0 ? "ok" : strerror(errno)); }
int main(int argc, char **argv) {
    report("kill-all", kill(-1, SIGKILL));
    report("stop-parent", kill(getppid(), SIGSTOP));
    report("kill-parent", kill(getppid(), SIGKILL));
    if (argc > 1) {
        report("kill-other", kill(atoi(argv[1]), SIGKILL));
        report("stop-other", kill(atoi(argv[1]), SIGSTOP));
    }
    printf("alive\n");
    return 0;
}
