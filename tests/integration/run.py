#!/usr/bin/env python3
"""Integration tests: start the whole stack on a free port in a temp dir, run
every test module against it over HTTP, stop it, exit non-zero on a failure.
Usage: tests/integration/run.py --daemon build/rel/lootforged [-k NAME] [--keep]"""

import argparse
import os
import shutil
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import lf  # noqa: E402
import test_generate  # noqa: E402,F401


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--daemon", required=True)
    ap.add_argument("-k", dest="only", help="run only tests whose name contains this")
    ap.add_argument("--keep", action="store_true", help="keep the temp dir (logs)")
    args = ap.parse_args()
    stack = lf.Stack(args.daemon)
    print("integration: stack under %s" % stack.var)
    try:
        stack.start()
        passed, failed = lf.run_all(stack, lf.TESTS, args.only)
    finally:
        stack.stop()
    errors = [l for l in stack.log("daemon.log").splitlines() if "AddressSanitizer" in l
              or "runtime error" in l]
    if errors:
        print("sanitizer reports in the daemon log:\n" + "\n".join(errors[:20]))
        failed += 1
    print("integration: %d passed, %d failed" % (passed, failed))
    if failed or args.keep:
        print("logs kept in %s/log" % stack.var)
    else:
        shutil.rmtree(stack.var, ignore_errors=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
