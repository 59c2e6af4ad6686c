#!/usr/bin/python3
# Usage: tests/house/repeated_blocks.py [SRC_DIR]; a figure for docs/house.md, not a test.
"""Repeated blocks, two measures over src/ (*.c, *.h), blank lines, lone
braces and comment lines dropped, each line whitespace-trimmed:
 exact: identical windows of 6 lines occurring more than once;
 renamed: windows of 8 lines identical once identifiers, strings and
 numbers are blinded (copies that differ only by names)."""
import os, re, sys, collections
root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "src")
TOK = re.compile(r'"(?:\\.|[^"\\])*"|[A-Za-z_][A-Za-z0-9_]*|\d+')
KW = set("if else for while return switch case default break continue goto sizeof static const struct enum union int char void unsigned long size_t uint32_t int32_t uint64_t".split())
def blind(l):
    return TOK.sub(lambda m: m.group(0) if m.group(0) in KW else ('S' if m.group(0)[0]=='"' else 'N' if m.group(0)[0].isdigit() else 'X'), l)
def run(W, f):
    wins = collections.defaultdict(list)
    for d, _, fs in os.walk(root):
        for fn in fs:
            if not fn.endswith((".c", ".h")): continue
            lines = [l.strip() for l in open(os.path.join(d, fn), errors="replace")]
            lines = [f(l) for l in lines if l and not l.startswith(("/*", "*", "//")) and l not in ("{", "}", "};")]
            for i in range(len(lines) - W + 1):
                wins[tuple(lines[i:i+W])].append(fn)
    rep = {k: v for k, v in wins.items() if len(v) > 1}
    return len(rep), sum(len(v) - 1 for v in rep.values())
print("exact 6-line windows repeated: %d distinct, %d extra copies" % run(6, lambda l: l))
print("renamed 8-line windows repeated: %d distinct, %d extra copies" % run(8, blind))
