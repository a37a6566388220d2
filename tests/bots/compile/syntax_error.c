/* Does not compile: the judge must show gcc's message. */
int main(void) { return undefined_variable; }
