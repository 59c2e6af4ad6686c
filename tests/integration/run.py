#!/usr/bin/env python3
"""Integration tests: start the whole stack on a free port in a temp dir, run
every test module against it over HTTP, stop it, exit non-zero on a failure.
Usage: tests/integration/run.py --daemon build/rel/lootforged [-k NAME] [--keep]
       [--sanitized]

With --sanitized (make integration-san) the daemon must be an ASan + UBSan
build: the run fails unless the running daemon has both runtimes loaded, and
the daemon is stopped first and on its own (TERM, then waiting for it to be
gone), so LeakSanitizer's check at exit has run before the log is read."""

import argparse
import os
import re
import shutil
import signal
import sys
import time

sys.dont_write_bytecode = True  # no __pycache__ in the work tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import lf  # noqa: E402
import test_generate  # noqa: E402,F401
import test_headers  # noqa: E402,F401
import test_supervise  # noqa: E402,F401
import test_tls_site  # noqa: E402,F401
import test_dbres  # noqa: E402,F401  (freezes and stops MariaDB, restarts it)
import test_submit  # noqa: E402,F401  (last: its final test stops MariaDB)


# ASan, LSan, UBSan reports (UBSan's lines read "file:line:col: runtime error: ...").
SANITIZER_RE = re.compile(r"Sanitizer|runtime error:|==[0-9]+==\s*ERROR")
# The supervisor's notes of a worker that crashed (any signal but a test's
# own SIGKILL), or that it had to kill at stop, so that the worker's leak
# check at exit never ran.
WORKER_DIED_RE = re.compile(r"supervise: worker process .*(killed by signal (?!9\b)|did not stop)")


def daemon_pid(stack):
    try:
        with open(os.path.join(stack.var, "run", "daemon.pid")) as f:
            return int(f.read().split()[0])
    except (OSError, ValueError, IndexError):
        return None


def sanitizer_runtimes(pid):
    """Which of libasan / libubsan the process has mapped."""
    try:
        with open("/proc/%d/maps" % pid) as f:
            maps = f.read()
    except OSError:
        return set()
    return {lib for lib in ("libasan", "libubsan") if lib + ".so" in maps}


def stop_daemon_alone(pid, seconds=30):
    """TERM, then wait for the daemon to be gone by itself: its exit path
    (and LeakSanitizer's check at exit) has then run to the end. False when it
    is still there after `seconds` (stack.sh stop then kills it)."""
    try:
        os.kill(pid, signal.SIGTERM)
    except ProcessLookupError:
        return True
    end = time.time() + seconds
    while time.time() < end:
        try:
            with open("/proc/%d/stat" % pid) as f:
                if f.read().rsplit(")", 1)[1].split()[0] == "Z":
                    return True
        except (OSError, IndexError):
            return True
        time.sleep(0.05)
    return False


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--daemon", required=True)
    ap.add_argument("-k", dest="only", help="run only tests whose name contains this")
    ap.add_argument("--keep", action="store_true", help="keep the temp dir (logs)")
    ap.add_argument("--sanitized", action="store_true",
                    help="the daemon is an ASan + UBSan build: check that, and stop it alone")
    args = ap.parse_args()
    stack = lf.Stack(args.daemon)
    print("integration: stack under %s" % stack.var)
    failed = 0
    try:
        stack.start()
        pid = daemon_pid(stack)
        if args.sanitized:
            libs = sanitizer_runtimes(pid) if pid else set()
            if libs != {"libasan", "libubsan"}:
                print("FAIL the daemon (pid %s) has %s loaded, not libasan and libubsan: "
                      "not a sanitizer build" % (pid, sorted(libs) or "neither"))
                failed += 1
        passed, more = lf.run_all(stack, lf.TESTS, args.only)
        failed += more
        if args.sanitized and pid:
            if stop_daemon_alone(pid):
                print("integration: the sanitized daemon exited by itself after TERM")
            else:
                print("FAIL the daemon did not exit within 30 s of TERM: "
                      "LeakSanitizer's check at exit did not run")
                failed += 1
    finally:
        stack.stop()
    log = stack.log("daemon.log")
    errors = [l for l in log.splitlines() if SANITIZER_RE.search(l)]
    if errors:
        print("sanitizer reports in the daemon log:\n" + "\n".join(errors[:20]))
        failed += 1
    if args.sanitized and "lootforged: stopped" not in log:
        print("FAIL the daemon log does not end with a clean stop")
        failed += 1
    died = [l for l in log.splitlines() if WORKER_DIED_RE.search(l)]
    if died:
        print("FAIL worker processes crashed or had to be killed:\n" + "\n".join(died[:10]))
        failed += 1
    print("integration: %d passed, %d failed" % (passed, failed))
    if failed or args.keep:
        print("logs kept in %s/log" % stack.var)
    else:
        shutil.rmtree(stack.var, ignore_errors=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
