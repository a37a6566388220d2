/* Forks forever; children fork too. The pids limit must hold it and kill_tree must end it. */
#include <unistd.h>
int main(void) { for (;;) fork(); }
