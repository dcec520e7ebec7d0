-- POST with a unique Idempotency-Key per request: args are <path> <key> <run id>.
local counter = 0
local run_id = "run"

function init(args)
  wrk.path = args[1]
  wrk.method = "POST"
  wrk.headers["Authorization"] = "Bearer " .. args[2]
  wrk.headers["Content-Type"] = "application/json"
  wrk.body = '{"type":"send_message","params":{"fanId":"f1","text":"<p>Hello from the bench</p>"}}'
  run_id = args[3] .. "-" .. tostring(math.random(1, 1000000000))
end

function request()
  counter = counter + 1
  wrk.headers["Idempotency-Key"] = run_id .. "-" .. counter
  return wrk.format()
end
