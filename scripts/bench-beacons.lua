-- The readers' beacons of the bench's counting figure (docs/quality-bars.md), sent by a wrk of their own beside the
-- page load: each connection is a stream of readers, one beacon after a random pause of half to one and a half times
-- BENCH_BEACON_PAUSE_MS, so that ten connections with a pause of about 100 ms send about 100 a second at random
-- moments. Each beacon is a reader of its own (its own User-Agent, `Reader/<round>.<thread>.<n>`), so a later round's
-- readers are new to the server too, not double clicks of an earlier round's.
--
-- The server, the page load and this sender share the machine's cores, so the sender must cost little: a Node sender
-- writing plain HTTP took about 0.4 ms of CPU a beacon, wrk 0.27 ms, mostly the system calls of a request.
--
-- Environment: BENCH_BEACON_REF, the article's reference number; BENCH_BEACON_ROUND, a number of this run;
-- BENCH_BEACON_PAUSE_MS, the mean pause of a connection between two beacons.

local body = '{"ref":"' .. os.getenv("BENCH_BEACON_REF") .. '"}'
local round = os.getenv("BENCH_BEACON_ROUND") or "1"
local pause = tonumber(os.getenv("BENCH_BEACON_PAUSE_MS") or "100")

local threads = {}

function setup(thread)
  thread:set("id", #threads)
  table.insert(threads, thread)
end

-- Kept per thread and added up in done().
counted = 0
not_ok = 0
local sent = 0

function init(args)
  math.randomseed(id * 7919 + os.time())
end

function delay()
  return math.random(math.floor(pause / 2), math.floor(pause * 3 / 2))
end

function request()
  sent = sent + 1
  local agent = "Mozilla/5.0 (X11; Linux x86_64) Reader/" .. round .. "." .. id .. "." .. sent
  return wrk.format("POST", "/api/usage/view", { ["Content-Type"] = "application/json", ["User-Agent"] = agent }, body)
end

function response(status, headers, answer)
  if status ~= 200 then
    not_ok = not_ok + 1
  elseif answer:find('"counted":true', 1, true) then
    counted = counted + 1
  end
end

function done(summary, latency, requests)
  local total_counted, total_not_ok = 0, 0
  for _, thread in ipairs(threads) do
    total_counted = total_counted + thread:get("counted")
    total_not_ok = total_not_ok + thread:get("not_ok")
  end
  io.write(string.format('BENCH_BEACONS {"requests":%d,"duration_us":%d,"counted":%d,"not_ok":%d}\n',
    summary.requests, summary.duration, total_counted, total_not_ok))
end
