"""The stack fixture for pytest: one real stack (a private MariaDB, the
daemon, nginx, started by deploy/stack.sh in a temp dir on a free loopback
port) for the whole run, stopped at the end; then the daemon's log is read
for sanitizer reports and crashed workers, which fail the run. Under
pytest-xdist (make integration's -n 2 --dist loadfile) "the run" is each
worker's: every worker starts a stack of its own, in its own temp dir on a
port of its own slice (lf.free_port), and checks its own daemon's log.

Options: --daemon PATH (required), --sanitized (the daemon is an ASan + UBSan
build: checked, and stopped alone so LeakSanitizer's exit check runs before
the log is read), --keep (keep the temp dir). Modules listed in RUN_LAST run
after the others (their last tests stop MariaDB or the workers)."""

import os
import re
import shutil
import signal
import sys
import time

import pytest

sys.dont_write_bytecode = True  # no __pycache__ in the work tree
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "integration"))
import lf  # noqa: E402

# ASan, LSan, UBSan reports (UBSan's lines read "file:line:col: runtime error: ...").
SANITIZER_RE = re.compile(r"Sanitizer|runtime error:|==[0-9]+==\s*ERROR")
# The supervisor's notes of a worker that crashed (any signal but a test's
# own SIGKILL), or that it had to kill at stop, so that its leak check never ran.
WORKER_DIED_RE = re.compile(r"supervise: worker process .*(killed by signal (?!9\b)|did not stop)")
RUN_LAST = ("test_submit",)


def pytest_addoption(parser):
    parser.addoption("--daemon", required=True, help="the lootforged binary to test")
    parser.addoption("--sanitized", action="store_true",
                     help="the daemon is an ASan + UBSan build: check that, and stop it alone")
    parser.addoption("--keep", action="store_true", help="keep the stack's temp dir (logs)")


def pytest_collection_modifyitems(items):
    def last(item):
        return os.path.splitext(os.path.basename(str(item.fspath)))[0] in RUN_LAST
    items.sort(key=last)  # stable: file order otherwise


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """Keeps each test's call report on its item (item.rep_call), so a
    fixture can act on a failure (the browser test's screenshot)."""
    outcome = yield
    rep = outcome.get_result()
    if rep.when == "call":
        item.rep_call = rep


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
    """TERM, then wait until the daemon is gone by itself, so its exit path
    (and LeakSanitizer's check) ran to the end. False when it is still there
    after `seconds` (stack.sh stop then kills it)."""
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


@pytest.fixture(scope="session")
def stack(request):
    opt = request.config.getoption
    if opt("--sanitized"):
        lf.SETTLE = 3.0  # see lf.SETTLE
    s = lf.Stack(opt("--daemon"))
    print("\nstack under %s" % s.var)
    problems = []
    pid = None
    try:
        s.start()
        pid = daemon_pid(s)
        if opt("--sanitized"):
            libs = sanitizer_runtimes(pid) if pid else set()
            assert libs == {"libasan", "libubsan"}, \
                "the daemon (pid %s) has %s loaded: not a sanitizer build" % (pid, sorted(libs))
        yield s
        if opt("--sanitized") and pid and not stop_daemon_alone(pid):
            problems.append("the daemon did not exit within 30 s of TERM: "
                            "LeakSanitizer's check at exit did not run")
    finally:
        s.stop()
    log = s.log("daemon.log")
    reports = [line for line in log.splitlines() if SANITIZER_RE.search(line)]
    if reports:
        problems.append("sanitizer reports in the daemon log:\n" + "\n".join(reports[:20]))
    if opt("--sanitized") and "lootforged: stopped" not in log:
        problems.append("the daemon log does not end with a clean stop")
    died = [line for line in log.splitlines() if WORKER_DIED_RE.search(line)]
    if died:
        problems.append("worker processes crashed or had to be killed:\n" + "\n".join(died[:10]))
    if problems or opt("--keep") or request.session.testsfailed:
        print("\nlogs kept in %s/log" % s.var)
    else:
        shutil.rmtree(s.var, ignore_errors=True)
    assert not problems, "\n".join(problems)
