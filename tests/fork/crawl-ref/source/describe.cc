// A fork's trap names (the game keeps them in describe.cc).
static const char *trap_names[] =
{
#if TAG_MAJOR_VERSION == 34
    "spear",
#endif
    "alarm",
    "Zot",
    "gloom", // the fork's own
    "shaft",
};
