// The fork's Lua set-up: it registers a global require of its own.
static int fork_require(lua_State *ls);

void fork_init_libraries(lua_State *_state)
{
    lua_register(_state, "require", fork_require);
}
