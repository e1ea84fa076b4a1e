-- dungeon.lua: vaultfuzz's own map environment (used without --crawl-dir).
--
-- Map code runs in an environment where a bare call f(...) is
-- dgn.f(map, ...) for every key of dgn, other names fall through to _G,
-- _G is the environment itself and assignments stay in it (dcss-compat.md
-- §2.2). The C side calls dgn_set_map, dgn_run_map and dgn_map_run_hook,
-- the same entry points the game's own dungeon.lua provides.
--
-- Wrappers are made on first use rather than for all of dgn up front: the
-- same names resolve to the same calls, at a fraction of the cost per case.

dgn.MAP_HOOK_NAMES = { "pre_main", "post_main", "post_place",
                       "pre_epilogue", "post_epilogue" }
dgn.MAP_HOOK_ALIASES = { main = "post_main", epilogue = "post_epilogue",
                         place = "post_place" }
dgn.MAP_GLOBAL_HOOKS = { }

-- The saved game's table, as the game has it; each case starts it empty.
dgn.persist = { }

local function hook_key(name)
  name = dgn.MAP_HOOK_ALIASES[name] or name
  return "HOOK_" .. name
end

local function new_hook_tables(t)
  for _, name in ipairs(dgn.MAP_HOOK_NAMES) do
    t[hook_key(name)] = { }
  end
end
new_hook_tables(dgn.MAP_GLOBAL_HOOKS)

-- Environments are kept per map name, as the game keeps them: a subvault
-- (or a map resolved by resolve_map) runs in its own environment while the
-- map that asked for it is in the middle of its chunk, and when it is done
-- the parent's environment, globals and hooks are as it left them.
local envs = { }
local current_map

-- The environment of one map, made on first use.
local function new_env()
  local env = { }
  new_hook_tables(env)
  return setmetatable(env, {
    __index = function (t, k)
      local map = rawget(t, "wrapped_instance")
      local v = dgn[k]
      if v == nil then
        return _G[k]
      end
      local wrapper = dgn_wrapper(k, v, map)
      rawset(t, k, wrapper)
      return wrapper
    end })
end

-- The environment of map, bound to it: wrappers made for another object
-- of the same name are dropped.
local function env_for(map)
  local name = dgn.name(map)
  local env = envs[name]
  if not env then
    env = new_env()
    envs[name] = env
  end
  if rawget(env, "wrapped_instance") ~= map then
    for k, v in pairs(env) do
      if type(v) == "function" and dgn[k] ~= nil then
        rawset(env, k, nil)
      end
    end
    env._G = env
    env.wrapped_instance = map
    env.mapgrd = dgn.mapgrd_table and dgn.mapgrd_table(map) or nil
  end
  return env
end

function dgn_set_map(map)
  local old = current_map
  current_map = map
  return old
end

function dgn_flush_map_environment_for(name)
  envs[name] = nil
end

function dgn_run_map(...)
  if not current_map then
    error("No current map?")
  end
  local env = env_for(current_map)
  local ret
  for _, fn in ipairs({ ... }) do
    ret = crawl.setfenv(fn, env)()
  end
  return ret
end

-- How many hooks called hook the map named name holds, the global ones
-- with them (the engine says which it did not run).
function dgn_map_hook_count(name, hook)
  local key = hook_key(hook)
  local own = envs[name] and rawget(envs[name], key)
  local global = dgn.MAP_GLOBAL_HOOKS[key]
  return (type(own) == "table" and #own or 0)
         + (type(global) == "table" and #global or 0)
end

-- A subvault's hooks of one kind, appended to the current map's.
function dgn_map_copy_hooks_from(name, hook)
  local from = envs[name]
  if not from or not current_map then
    return
  end
  local key = hook_key(hook)
  local to = env_for(current_map)[key]
  for _, fn in ipairs(from[key] or { }) do
    table.insert(to, fn)
  end
end

-- A placed map's environment out of the table and back: the engine keeps
-- it, with the hooks it holds, from the map's resolve until the map is on
-- the level and its post_place hooks run.
function dgn_map_env_take(name)
  local env = envs[name]
  envs[name] = nil
  return env
end

function dgn_map_env_put(name, env)
  envs[name] = env
end

function dgn.hook(map, name, fn)
  local key = hook_key(name)
  local list = env_for(map)[key]
  if not list then
    error("Unknown hook: " .. tostring(name))
  end
  table.insert(list, fn)
end

function dgn.global_hook(name, fn)
  local list = dgn.MAP_GLOBAL_HOOKS[hook_key(name)]
  if not list then
    error("Unknown hook: " .. tostring(name))
  end
  table.insert(list, fn)
end

local function run_hooks(list)
  for _, fn in ipairs(list or { }) do
    dgn_run_map(fn)
  end
end

function dgn_map_run_hook(name)
  if not current_map then
    return
  end
  run_hooks(rawget(env_for(current_map), hook_key(name)))
  run_hooks(dgn.MAP_GLOBAL_HOOKS[hook_key(name)])
end

-- For vault code that reads them as values through dgn.
dgn.GXM, dgn.GYM = 80, 70

-- Marker makers (lua: markers and lua_marker functions return one). A
-- marker only matters during play, so a maker just keeps its arguments in
-- a table tagged with its kind; vaultfuzz reads nothing else from it.
local function marker_maker(kind)
  return function(props)
    return { marker = kind, props = props or { } }
  end
end

props_marker = marker_maker("props")
fog_machine = marker_maker("fog_machine")

-- Connectivity of a map's own grid, asked by glyph. The C side
-- (dgn.points_connected, dgn.any_point_connected, dgn.has_exit_from)
-- takes the map and x, y pairs, the first pair being where the flood
-- starts; these turn each glyph into one pair with a locator: dgn.gly_point
-- (its first cell, top row first) or dgn.gly_points, of which only the
-- first cell counts (bottom row first) -- the game keeps two values. A
-- glyph the map does not hold is an error, as in the game.
function dgn.places_connected(map, locate, test, ...)
  local coords = { }
  for _, glyph in ipairs({ ... }) do
    local x, y = locate(map, glyph)
    if not (x and y) then
      error("Can't find coords for '" .. glyph .. "'")
    end
    coords[#coords + 1] = x
    coords[#coords + 1] = y
  end
  return test(map, table.unpack(coords))
end

function dgn.glyphs_connected(map, ...)
  return dgn.places_connected(map, dgn.gly_point, dgn.points_connected, ...)
end

function dgn.any_glyph_connected(map, ...)
  return dgn.places_connected(map, dgn.gly_points, dgn.any_point_connected,
                              ...)
end

function dgn.has_exit_from_glyph(map, glyph)
  return dgn.places_connected(map, dgn.gly_point, dgn.has_exit_from, glyph)
end

-- The same questions about the map's original (dgn.original_map), which
-- does not exist at load time.
function dgn.orig_fn(map, fn, ...)
  local orig = dgn.original_map(map)
  if not orig then
    error("Can't find original map for map '" .. dgn.name(map) .. "'")
  end
  return fn(orig, ...)
end

function dgn.orig_gly_point(map, glyph)
  return dgn.orig_fn(map, dgn.gly_point, glyph)
end

function dgn.orig_gly_points(map, glyph)
  return dgn.orig_fn(map, dgn.gly_points, glyph)
end

function dgn.orig_glyphs_connected(map, ...)
  return dgn.places_connected(map, dgn.orig_gly_point, dgn.points_connected,
                              ...)
end

-- Tags that only flag a map: a map needs DEPTH, PLACE or some other tag
-- to be placeable (dcss-compat.md §5.7; the game registers the same set).
for flag in string.gmatch("minivault mini_float allow_dup extra no_hmirror "
    .. "no_vmirror no_rotate no_pool_fixup no_wall_fixup dummy transparent "
    .. "no_monster_gen no_item_gen no_trap_gen ruin generate_awake no_dump "
    .. "generate_loot overwritable water_ok unrand place_unique luniq uniq "
    .. "patrolling removed", "%S+") do
  dgn.map_register_flag(flag)
end

-- The map a place_maps request names: a list stands for one of its
-- members, a function for what it returns.
local function chosen(v)
  while type(v) == "table" or type(v) == "function" do
    if type(v) == "function" then
      v = v()
    else
      v = v[crawl.random2(#v) + 1]
    end
  end
  return v
end

-- The map a request asks for: a map object, a tag or a name (the game's
-- dgn.find_map; random_mini and random_vault need map_in_depth, which
-- vaultfuzz does not have).
function dgn.find_map(request)
  if request.map then
    return chosen(request.map)
  elseif request.tag then
    return dgn.map_by_tag(chosen(request.tag))
  elseif request.name then
    return dgn.map_by_name(chosen(request.name))
  elseif request.random_mini or request.random_vault then
    return dgn.map_in_depth(chosen(request.random_mini
                                   or request.random_vault))
  end
  error("dgn.find_map: no map named, tagged or given")
end

-- count maps found by dgn.find_map placed on the level, each collision-
-- checked with its exits connected. A map that will not place is skipped,
-- unless die_on_error: then an error says "Failed to place map", the words
-- the engine (as the game's map_def::run_hook) takes for a quiet veto.
-- Returns how many were placed; nil when no map was found.
function dgn.place_maps(request)
  local placed = 0
  for _ = 1, request.count or 1 do
    local map = dgn.find_map(request)
    if not map then
      if request.die_on_error then
        error("Could not find map to place")
      end
      return nil
    end
    if dgn.place_map(map, true, false, nil, nil, request.tag) then
      placed = placed + 1
    elseif request.die_on_error then
      error("Failed to place map '" .. dgn.name(map) .. "'")
    end
  end
  return placed
end
