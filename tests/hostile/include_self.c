/* A compile-time attack: a file that includes itself. */
#include "include_self.c"
int main(void) { return 0; }
