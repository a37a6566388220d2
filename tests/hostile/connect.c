/* Tries TCP connections to each "ip:port" given; prints "connected <addr>" or "failed <addr> <errno>". */
#include <arpa/inet.h>
#include <errno.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>
int main(int argc, char **argv) {
    for (int i = 1; i < argc; i++) {
        char host[64];
        strncpy(host, argv[i], sizeof host - 1);
        host[sizeof host - 1] = 0;
        char *colon = strchr(host, ':');
        if (!colon) return 2;
        *colon = 0;
        struct sockaddr_in a = {0};
        a.sin_family = AF_INET;
        a.sin_port = htons(atoi(colon + 1));
        inet_pton(AF_INET, host, &a.sin_addr);
        int s = socket(AF_INET, SOCK_STREAM, 0);
        if (s >= 0 && connect(s, (struct sockaddr *)&a, sizeof a) == 0) printf("connected %s\n", argv[i]);
        else printf("failed %s %s\n", argv[i], strerror(errno));
        if (s >= 0) close(s);
    }
    /* An abstract Unix socket would be a channel to the other bot sharing the namespace. */
    int u = socket(AF_UNIX, SOCK_STREAM, 0);
    if (u >= 0) {
        struct sockaddr_un un = {0};
        un.sun_family = AF_UNIX;
        memcpy(un.sun_path, "\0botarena-covert", 16);
        if (bind(u, (struct sockaddr *)&un, sizeof un.sun_family + 16) == 0) printf("unix bound\n");
        else printf("unix failed %s\n", strerror(errno));
    } else printf("unix failed %s\n", strerror(errno));
    /* vsock is not confined by network namespaces: on a VM it reaches the hypervisor host. */
    int v = socket(40 /* AF_VSOCK */, SOCK_STREAM, 0);
    if (v >= 0) printf("vsock opened\n");
    else printf("vsock failed %s\n", strerror(errno));
    return 0;
}
