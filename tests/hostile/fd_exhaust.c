/* Opens /dev/null until it cannot; prints how many. */
#include <fcntl.h>
#include <stdio.h>
int main(void) {
    long n = 0;
    while (n < 10000000 && open("/dev/null", O_RDONLY) >= 0) n++;
    printf("opened %ld\n", n);
    return 0;
}
