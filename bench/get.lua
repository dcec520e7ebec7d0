-- GET with the bench key: args are <path> <key>.
function init(args)
  wrk.path = args[1]
  wrk.headers["Authorization"] = "Bearer " .. args[2]
end
