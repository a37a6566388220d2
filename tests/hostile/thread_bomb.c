/* Starts threads until it cannot, then keeps them all alive. */
#include <pthread.h>
#include <stdio.h>
#include <unistd.h>
static void *sleeper(void *arg) { (void)arg; for (;;) pause(); return 0; }
int main(void) {
    long n = 0;
    pthread_t t;
    while (n < 100000 && pthread_create(&t, 0, sleeper, 0) == 0) n++;
    printf("threads %ld\n", n);
    fflush(stdout);
    for (;;) pause();
}
