"""nginx routes by files, not by page names: a path that is not a file of
public/ goes to the daemon, whose route table decides. A new page
needs a row in the route table and nothing in the nginx configs."""

import json

import lf
from lf import check


def test_unnamed_paths_reach_the_daemon(stack):
    # The daemon's own 404, in the format asked for: nginx's would be HTML.
    r = stack.get("/no-such-page", headers={"Accept": "application/json"})
    check(r.status == 404, "expected 404, got %d" % r.status, r.body[:200])
    err = lf.first_error(r)
    check(err["message"] == "There is no page at this address.", err)
    # A subpath of a page the router takes as a prefix (/moderate/...) and
    # one it does not (/words/x) are both the daemon's to answer.
    r = stack.get("/moderate/whatever", headers={"Accept": "application/json"})
    check(r.status == 401, "/moderate/whatever: expected the daemon's 401, got %d" % r.status)
    r = stack.get("/words/x", headers={"Accept": "application/json"})
    check(r.status == 404 and lf.first_error(r)["message"].startswith("There is no"),
          "/words/x", r.status, r.body[:200])


def test_files_of_public_stay_static(stack):
    r = stack.get("/style.css")
    check(r.status == 200 and "text/css" in r.headers.get("content-type", ""),
          "/style.css from public/", r.status, r.headers)
    r = stack.get("/static/style.css")
    check(r.status == 200, "/static/style.css", r.status)
