/* A compile-time attack: an endless include. */
#include "/dev/zero"
int main(void) { return 0; }
