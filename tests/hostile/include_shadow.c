/* A compile-time attack: the compiler's error message would quote the file. */
#include "/etc/shadow"
int main(void) { return 0; }
