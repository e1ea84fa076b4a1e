-- wrap.lua: how the map environment turns dgn.f into a bare f(...) that
-- passes the map first. Loaded before either library.
--
-- Each wrapper calls the binding through a local named after it, so a
-- binding's argument errors name it ("bad argument #3 to 'lua_marker'")
-- instead of an anonymous wrapper. The code for each name is made once.

local makers = { }
local keywords = { ["and"] = 1, ["break"] = 1, ["do"] = 1, ["else"] = 1,
  ["elseif"] = 1, ["end"] = 1, ["false"] = 1, ["for"] = 1,
  ["function"] = 1, ["if"] = 1, ["in"] = 1, ["local"] = 1, ["nil"] = 1,
  ["not"] = 1, ["or"] = 1, ["repeat"] = 1, ["return"] = 1, ["then"] = 1,
  ["true"] = 1, ["until"] = 1, ["while"] = 1 }

local function plain_maker(v)
  return function (map)
    return function (...) return v(map, ...) end
  end
end

local function named_maker(k, v)
  if type(k) ~= "string" or not k:match("^[%a_][%w_]*$") or keywords[k]
     or k == "vf_m_" then
    return plain_maker(v)
  end
  -- The map parameter's name cannot clash with a dgn key (dgn.map exists).
  local chunk = loadstring("local " .. k .. " = ...\n"
                           .. "return function (vf_m_) return function (...) "
                           .. "return " .. k .. "(vf_m_, ...) end end",
                           "=dgn." .. k)
  return chunk and chunk(v) or plain_maker(v)
end

-- The wrapper of dgn value v (under key k) for map.
function dgn_wrapper(k, v, map)
  local m = makers[k]
  if not m or m.v ~= v then
    m = { v = v, make = named_maker(k, v) }
    makers[k] = m
  end
  return m.make(map)
end
