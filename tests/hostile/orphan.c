/* Daemonizes a grandchild (fork, setsid, fork again) that keeps running, then exits. */
#include <stdio.h>
#include <unistd.h>
int main(void) {
    if (fork() == 0) {
        setsid();
        if (fork() == 0) { for (;;) sleep(1); }
        _exit(0);
    }
    printf("parent done\n");
    return 0;
}
