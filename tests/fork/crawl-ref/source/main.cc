// The rest of the fork's source.
int main() { return 0; }
