-- crawl_env.lua: loaded after the game's own library (--crawl-dir).
--
-- The game's dgn_map_meta_wrap makes a closure for every key of dgn (some
-- 300) each time a chunk or hook of a map runs. This version gives the
-- same environment (dcss-compat.md §2.2: cached per map name in
-- dgn._map_envs, hook tables, __index to _G, every dgn key a function
-- taking the map first, mapgrd, _G, wrapped_instance) but makes each
-- wrapper on first use, which is most of the cost of a small vault.

local made = setmetatable({ }, { __mode = "k" })   -- env -> { k = wrapper }

local function lazy_env(env, map)
  local wrappers = { }
  made[env] = wrappers
  setmetatable(env, {
    __index = function (t, k)
      local v = dgn[k]
      if v == nil then
        return _G[k]
      end
      local w = dgn_wrapper(k, v, map)
      wrappers[k] = w
      rawset(t, k, w)
      return w
    end })
end

-- Drops the wrappers bound to another map (a new resolve of the same name
-- reuses the environment only after a flush, but be safe).
local function rebind(env, map)
  for k, w in pairs(made[env] or { }) do
    if rawget(env, k) == w then
      rawset(env, k, nil)
    end
  end
  lazy_env(env, map)
end

-- How many hooks called hook the map named name holds, the global ones
-- with them: the engine says which hooks it did not run, never calls such
-- a case ok.
function dgn_map_hook_count(name, hook)
  local key = "HOOK_" .. (dgn.MAP_HOOK_ALIASES[hook] or hook)
  local env = dgn._map_envs and dgn._map_envs[name]
  local own = env and rawget(env, key)
  local global = dgn.MAP_GLOBAL_HOOKS[key]
  return (type(own) == "table" and #own or 0)
         + (type(global) == "table" and #global or 0)
end

-- A placed map's environment out of the game's table and back: the engine
-- keeps it, with its hooks, from the map's resolve until its post_place
-- hooks run on the level.
function dgn_map_env_take(name)
  local env = dgn._map_envs and dgn._map_envs[name]
  if env then
    dgn._map_envs[name] = nil
  end
  return env
end

function dgn_map_env_put(name, env)
  if not dgn._map_envs then
    dgn._map_envs = { }
  end
  dgn._map_envs[name] = env
end

function dgn_map_meta_wrap(map, tab)
  if not dgn._map_envs then
    dgn._map_envs = { }
  end
  local name = dgn.name(map)
  local env = dgn._map_envs[name]
  if not env then
    env = { }
    for _, hook in ipairs(dgn.MAP_HOOK_NAMES) do
      env["HOOK_" .. hook] = { }
    end
    dgn._map_envs[name] = env
  end
  if rawget(env, "wrapped_instance") ~= map then
    rebind(env, map)
    env.mapgrd = dgn.mapgrd_table(map)
    env._G = env
    env.wrapped_instance = map
  end
  return env
end
