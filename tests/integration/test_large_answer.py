"""An answer of several megabytes (GET /words with 8,000 long
words) goes out whole: the record writer once overflowed its header array
on answers over about 1.4 MB."""

import time

import lf

# The words page lists up to 500 words per table (WORDS_TABLE_MAX): fill
# the sixteen tables that need nothing but a word with 500 long ones each.
TABLES = ["%s_%s" % (k, p) for k in ("weapon", "armor", "shield", "trinket")
          for p in ("element", "prefix", "adjective", "abstract")]
PER_TABLE = 500
N_WORDS = len(TABLES) * PER_TABLE
PREFIX = "bigans"
# 51 four-byte characters: a 64-character word of 217 bytes.
FILL = "\U0001D514" * 51


def test_multi_megabyte_words_page(stack):
    for t in TABLES:  # one argv string each: under 128 KiB
        stack.sql("SET NAMES utf8mb4; INSERT INTO %s (word, attack) VALUES " % t + ",".join(
            "('%s%s%05d%s', 1)" % (PREFIX, t[:2], n, FILL) for n in range(PER_TABLE)))
    try:
        # Each inserted row is a change set of its own (0008's trigger), so
        # the daemon may take them up over several reloads: wait for the
        # last, up to 15 s (the one-second promise is test_items' to check).
        deadline = time.time() + 15
        while True:
            r = stack.get("/words?format=json")
            if r.text.count('"' + PREFIX) > N_WORDS - 100 or time.time() > deadline:
                break
            time.sleep(0.25)
        lf.check(r.status == 200, "GET /words?format=json with %d more words" % N_WORDS, r)
        lf.check(len(r.body) > 2 * 1024 * 1024, "the answer is several megabytes", len(r.body))
        lf.check(int(r.headers["content-length"]) == len(r.body), "the whole body arrived",
                 r.headers.get("content-length"), len(r.body))
        ours = r.text.count('"' + PREFIX)
        # Tables already holding words show only the first 500 rows.
        lf.check(ours > N_WORDS - 100, "the inserted words are listed", ours)
        r.json()  # parses: nothing cut or interleaved
        html = stack.get("/words")
        lf.check(html.status == 200 and len(html.body) > 2 * 1024 * 1024
                 and html.text.rstrip().endswith("</html>"), "the HTML page too, whole",
                 html.status, len(html.body), html.text[-200:])
    finally:
        for t in TABLES:
            stack.retire(t, "word LIKE '%s%%'" % PREFIX)
        time.sleep(1.5)
