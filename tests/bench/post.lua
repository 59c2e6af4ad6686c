-- wrk script for POST /generate: a form body with requested words (the same
-- as tests/bench/bench.py's POST_BODY). Set once at load: no per-request Lua,
-- so wrk's own cost is the same as for the GET tests.
wrk.method = "POST"
wrk.body = "kind=weapon&tier=3&power=2&attribute%5Belement%5D=flaming" ..
	"&attribute%5Bprefix%5D=sharp&attribute%5Btype%5D=longsword" ..
	"&attribute%5Babstract%5D=wrath"
wrk.headers["Content-Type"] = "application/x-www-form-urlencoded"
