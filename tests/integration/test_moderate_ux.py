"""What the moderation queue says and shows (docs/moderation.md, "The
queue page"): every decision made from the HTML page is confirmed on the
page its 303 leads to, naming what was decided (the word, the spell, with
its effects in words as /spells writes them, the name, the dressing); a
word is stored in the catalog's case; the queue's cards sit in a grid and
Reject is not drawn like Approve.

Each test talks from loopback addresses of its own (127.0.46.N)."""

import re
import uuid

import lf
from lf import Client, check

JSON = {"Accept": "application/json"}
_sources = iter(range(10, 250))
_mod = {}
DONE_RE = re.compile(r'<p class="notice done"[^>]*>(.*?)</p>', re.S)


def client(stack):
    return Client(stack, "127.0.46.%d" % next(_sources))


def letters(n=9):
    return "".join(chr(ord("a") + int(c, 16)) for c in uuid.uuid4().hex[:n])


def sql_str(s):
    return "'" + s.replace("\\", "\\\\").replace("'", "''") + "'"


def moderator(stack):
    if not _mod:
        _mod["name"], _mod["password"] = "uxmod", "pw-" + uuid.uuid4().hex
        stack.add_moderator(_mod["name"], _mod["password"])
    return lf.signed_in(client(stack), _mod["name"], _mod["password"])


def propose(c, path, fields, query=""):
    f = c.get(path + query, headers=JSON).json()
    body = {"csrf": f["csrf"], "submission_id": f["submission_id"]}
    body.update(fields)
    r = c.post(path, body, headers=JSON)
    check(r.status == 201, "proposed at %s" % path, r)
    return f["submission_id"]


def queued(m, key, field, value):
    q = m.get("/moderate", headers=JSON).json()
    mine = [row for row in q[key] if row[field] == value]
    check(len(mine) == 1, "%s lists %r" % (key, value), q[key])
    return q["csrf"], mine[0]["id"]


def decide(m, path, fields):
    """POSTs a decision as the HTML form does and follows its 303: the
    confirmation's text, or None when the page shows none."""
    r = m.post(path, fields)
    check(r.status == 303, "%s answers 303" % path, r)
    page = m.get(r.headers["location"])
    check(page.status == 200, "the page after the 303", page)
    done = DONE_RE.search(page.text)
    return done.group(1) if done else None


def test_word_decisions_name_the_word_in_the_catalog_case(stack):
    c = client(stack)
    word = "Zzdusk" + letters()
    propose(c, "/submit",
            {"kind": "weapon", "part": "prefix", "word": word, "attack": "2", "crit": "1"},
            "?kind=weapon&part=prefix")
    m = moderator(stack)
    csrf, sid = queued(m, "pending", "word", word)
    note = decide(m, "/moderate/approve", {"csrf": csrf, "id": sid, "attack": "2", "crit": "1"})
    check(note is not None and word.lower() in note and "Submission #" not in note,
          "the approval names the word as stored", note)
    check("weapon prefix" in note, "and what it is", note)
    check(stack.sql("SELECT word FROM weapon_prefix WHERE word = %s" % sql_str(word))
          == [[word.lower()]], "stored in lower case, as the shipped words are")
    stack.retire("weapon_prefix", "word = %s" % sql_str(word))

    word = "Zzgloom" + letters()
    propose(c, "/submit",
            {"kind": "weapon", "part": "prefix", "word": word, "attack": "1"}, "?kind=weapon&part=prefix")
    csrf, sid = queued(m, "pending", "word", word)
    note = decide(m, "/moderate/reject", {"csrf": csrf, "id": sid, "reason": "too gloomy"})
    check(note is not None and word in note and "ejected" in note,
          "the rejection names the word", note)


def test_spell_decisions_name_the_spell_and_its_effects_in_words(stack):
    c = client(stack)
    name = "Spell Zzux" + letters(6)
    propose(c, "/submit/spell", {"name": name, "mana": "14", "level": "3", "tier": "2",
                                 "effect1": "damage 2 6 1 0 1"})
    m = moderator(stack)
    csrf, sid = queued(m, "pending_spells", "name", name)
    note = decide(m, "/moderate/spell/approve", {"csrf": csrf, "id": sid})
    check(note is not None and name in note, "the approval names the spell", note)
    check("2 6 1 0 1" not in note and "2d6" in note,
          "its effects in words, not as stored", note)
    spells = stack.get_json("/spells?format=json").json()["spells"]
    listed = [s for s in spells if s["name"] == name]
    if listed:  # the /spells page's words for the same effect
        check(listed[0]["effects"][0]["text"] in note, "as /spells says them",
              (note, listed[0]))
    stack.retire("spell", "word = %s" % sql_str(name))

    name = "Spell Zzno" + letters(6)
    propose(c, "/submit/spell", {"name": name, "mana": "3", "level": "1", "tier": "1",
                                 "effect1": "light 4 100"})
    csrf, sid = queued(m, "pending_spells", "name", name)
    note = decide(m, "/moderate/spell/reject", {"csrf": csrf, "id": sid, "reason": "dim"})
    check(note is not None and name in note and "ejected" in note,
          "the rejection names the spell", note)


def test_name_decisions_name_the_name(stack):
    c = client(stack)
    m = moderator(stack)
    for verb, extra in (("approve", {}), ("reject", {"reason": "sounds off"})):
        name = "Qzu" + letters(8)
        propose(c, "/submit/name", {"name": name})
        csrf, sid = queued(m, "pending_names", "name", name)
        note = decide(m, "/moderate/name/" + verb, dict(extra, csrf=csrf, id=sid))
        check(note is not None and name in note and verb[:-1] in note.lower(),
              "the %s names the name" % verb, note)


def test_dressing_decisions_name_the_dressing(stack):
    c = client(stack)
    m = moderator(stack)
    for verb, extra in (("approve", {}), ("reject", {"reason": "too deadly"})):
        name = "zztrap" + letters(6)
        propose(c, "/submit/trap", {"name": name, "effect": "a hidden spring flings whoever "
                                    "treads on it against the far wall",
                                    "level_min": "19", "level_max": "20"})
        csrf, sid = queued(m, "pending_dressing", "name", name)
        note = decide(m, "/moderate/dressing/" + verb, dict(extra, csrf=csrf, id=sid))
        check(note is not None and name in note and "trap" in note
              and verb[:-1] in note.lower(), "the %s names the trap" % verb, note)


def test_confirmation_is_only_what_the_store_says(stack):
    """The query only points at a decision; a pointer at nothing, at a
    proposal still pending or with markup shows no confirmation."""
    m = moderator(stack)
    for q in ("approved=1", "approved=%3Cscript%3E&type=word", "approved=" + "a" * 32
              + "&type=word", "rejected=" + "b" * 32 + "&type=spell",
              "approved=" + "c" * 32 + "&type=%3Cb%3E"):
        page = m.get("/moderate?" + q)
        check(page.status in (200, 400) and DONE_RE.search(page.text) is None
              and "<script>" not in page.text and "<b>" not in page.text,
              "no confirmation for ?%s" % q, page)
    c = client(stack)
    name = "Qzp" + letters(8)
    sid = propose(c, "/submit/name", {"name": name})
    page = m.get("/moderate?approved=%s&type=name" % sid)
    check(page.status == 200 and DONE_RE.search(page.text) is None,
          "a pending proposal is not confirmed as approved", page)


def test_queue_cards_are_a_grid_and_reject_is_not_approve(stack):
    c = client(stack)
    propose(c, "/submit/name", {"name": "Qzg" + letters(8)})
    m = moderator(stack)
    html = m.get("/moderate").text
    check(re.search(r'<div class="queue-list">\s*<article class="card proposal', html),
          "the cards sit in a list container", html[:2000])
    check(re.search(r'<button type="submit" class="danger">Reject</button>', html)
          and '<button type="submit">Approve</button>' in html,
          "Reject is a button of its own kind", html[:2000])
    css = m.get("/static/style.css").text
    grid = re.search(r"\.moderate \.queue-list \{([^}]*)\}", css)
    check(grid and "display: grid" in grid.group(1) and "gap:" in grid.group(1),
          "the list is a grid with gaps", grid and grid.group(1))
    wide = re.search(r"\.moderate \.queue-list \.card \{([^}]*)\}", css)
    check(wide and "max-width: none" in wide.group(1), "cards use the column's width")
    danger = re.search(r"\.moderate button\.danger \{([^}]*)\}", css)
    check(danger and "background" in danger.group(1) and "var(--malus)" in danger.group(1),
          "Reject is drawn in the warning colour", danger and danger.group(1))
