-- wrk script for tests/soak/soak.py: a mix of the site's requests, every
-- answer counted by class, and an optional pause between requests.
--
-- Arguments (after "--" on wrk's command line): DELAY_MS, the mean pause of
-- each connection between its requests (0 = none; fractions are spread by
-- chance, as wrk takes whole milliseconds).
-- done() prints one line for soak.py:
--   lf-counts ok=N s503_retry=N s503_bare=N other=N
-- (2xx; 503 with Retry-After; 503 without it; anything else).

local mix = {
	{"GET", "/", nil},
	{"GET", "/generate?kind=weapon&tier=3&tier-variance=on", nil},
	{"GET", "/generate?kind=armor&count=5&format=json", nil},
	{"GET", "/generate?kind=shield&power=2.5&attribute%5Btype%5D=nonesuch", nil},
	{"POST", "/generate", "kind=trinket&tier=4&format=json"},
	{"GET", "/generate?kind=weapon&attribute%5Belement%5D=crippling&seed=12345", nil},
	{"GET", "/healthz", nil},
	{"GET", "/static/style.css", nil},
}

local threads = {}

function setup(thread)
	table.insert(threads, thread)
end

local requests = {}
local next_request = 1
local delay_ms = 0

function init(args)
	delay_ms = tonumber(args[1] or "0") or 0
	for i, m in ipairs(mix) do
		local headers = {}
		if m[3] then
			headers["Content-Type"] = "application/x-www-form-urlencoded"
		end
		requests[i] = wrk.format(m[1], m[2], headers, m[3])
	end
	-- Threads start at different places in the mix.
	next_request = math.random(#requests)
	ok, s503_retry, s503_bare, other = 0, 0, 0, 0
end

function request()
	local r = requests[next_request]
	next_request = next_request % #requests + 1
	return r
end

function delay()
	if delay_ms <= 0 then
		return 0
	end
	local whole = math.floor(delay_ms)
	if math.random() < delay_ms - whole then
		whole = whole + 1
	end
	return whole
end

function response(status, headers, body)
	if status >= 200 and status < 300 then
		ok = ok + 1
	elseif status == 503 and (headers["Retry-After"] or headers["retry-after"]) then
		s503_retry = s503_retry + 1
	elseif status == 503 then
		s503_bare = s503_bare + 1
	else
		other = other + 1
	end
end

function done(summary, latency, reqs)
	local t = {ok = 0, s503_retry = 0, s503_bare = 0, other = 0}
	for _, thread in ipairs(threads) do
		for k, _ in pairs(t) do
			t[k] = t[k] + thread:get(k)
		end
	end
	io.write(string.format("lf-counts ok=%d s503_retry=%d s503_bare=%d other=%d\n",
		t.ok, t.s503_retry, t.s503_bare, t.other))
end
