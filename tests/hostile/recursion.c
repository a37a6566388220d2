/* Recurses without end, with a frame the optimizer cannot remove. */
#include <stdio.h>
static int down(volatile int n) {
    volatile char frame[256];
    frame[n % 256] = (char)n;
    return down(n + 1) + frame[0];
}
int main(void) { printf("%d\n", down(0)); return 0; }
