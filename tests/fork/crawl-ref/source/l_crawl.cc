// The fork's crawl library keeps a name today's game has dropped.
static const struct luaL_reg fork_crawl_lib[] =
{
    { "random_element", fork_random_element },
    { nullptr, nullptr },
};
