-- The wrk script of `npm run bench` (scripts/bench.mjs): prints the run's figures as one JSON line, and asks for
-- a different address on every request when BENCH_PATHS names a file of paths (one a line).
--
-- With BENCH_PATHS, thread k of BENCH_THREADS walks the file from line k, every BENCH_THREADS-th line, starting
-- over at its end; a line "host path" asks the path with that Host header (another journal of the installation); BENCH_UNIQUE=1 adds a query string that no other request of the run carries, so no address
-- is asked twice. Without BENCH_PATHS every request is the command line's URL, which wrk sends without Lua.

local paths_file = os.getenv("BENCH_PATHS")
local stride = tonumber(os.getenv("BENCH_THREADS") or "1")
local unique = os.getenv("BENCH_UNIQUE") == "1"
-- Names the wrk run in the query strings, so that no two runs of one bench ask the same address.
local run = os.getenv("BENCH_RUN") or "0"

local threads = {}

function setup(thread)
  thread:set("id", #threads)
  table.insert(threads, thread)
end

-- Answers other than 200 (wrk itself counts only those above 399), kept per thread and added up in done().
not_ok = 0

if paths_file then
  local paths = {}
  local next_line = 1
  local asked = 0

  function init(args)
    for line in io.lines(paths_file) do
      if line ~= "" then table.insert(paths, line) end
    end
    if #paths == 0 then error("no paths in " .. paths_file) end
    next_line = (id % #paths) + 1
  end

  function request()
    local line = paths[next_line]
    next_line = ((next_line - 1 + stride) % #paths) + 1
    asked = asked + 1
    local host, path = line:match("^(%S+) (.+)$")
    path = path or line
    if unique then
      path = path .. (path:find("?", 1, true) and "&" or "?") .. "bench=" .. run .. "." .. id .. "." .. asked
    end
    if not host then return wrk.format(nil, path) end
    -- wrk.format takes the headers whole: the command line's, with this line's host.
    local headers = {}
    for name, value in pairs(wrk.headers) do headers[name] = value end
    headers["Host"] = host
    return wrk.format(nil, path, headers)
  end

  function response(status, headers, body)
    if status ~= 200 then not_ok = not_ok + 1 end
  end
end

function done(summary, latency, requests)
  local e = summary.errors
  local others = 0
  for _, thread in ipairs(threads) do others = others + (thread:get("not_ok") or 0) end
  io.write(string.format(
    'BENCH_JSON {"requests":%d,"duration_us":%d,"bytes":%d,"socket_errors":%d,"not_ok":%d,' ..
      '"p50_us":%d,"p99_us":%d,"max_us":%d}\n',
    summary.requests, summary.duration, summary.bytes, e.connect + e.read + e.write + e.timeout,
    math.max(others, e.status), latency:percentile(50), latency:percentile(99), latency.max))
end
