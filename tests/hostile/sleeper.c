/* Sleeps for a very long time. */
#include <unistd.h>
int main(void) { for (;;) sleep(1000); }
