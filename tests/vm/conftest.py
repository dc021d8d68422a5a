import os
import signal
import subprocess
import time
from pathlib import Path

import pytest

STATE = Path("/sys/kernel/sched_ext/state")
SCHEDULERS = ("scx_lockaware", "scx_corepair", "scx_simple")


_config = None


# The kernels the project supports, each a guest in tools/test.sh.
KERNELS = ("6.12", "7.2")


def pytest_addoption(parser):
    parser.addoption(
        "--lean", action="store_true",
        help="run only this kernel's share of the suite: the tests marked every_kernel, and "
             "the others whose home_kernel is the running kernel (a kernel not in KERNELS "
             "runs everything). tools/test.sh does so on each kernel unless given --full.")
    parser.addoption(
        "--lean-kernel", metavar="VERSION", default=None,
        help="the kernel whose share --lean selects (default: the running one, e.g. 6.12)")


def pytest_configure(config):
    global _config
    _config = config
    config.addinivalue_line("markers", "slow: long VM runs left out of the default test run")
    config.addinivalue_line(
        "markers", "every_kernel: runs on every kernel in a --lean run: it exercises what "
                   "differs between kernels (loading, probes and kfunc alternatives, attach "
                   "and exit, hotplug, the starvation and watchdog paths)")
    config.addinivalue_line(
        "markers", "home_kernel(version): the one kernel on which a --lean run runs this "
                   "(kernel-independent policy: the same BPF and agent code decides on both)")


def running_kernel():
    """The running kernel's major.minor version, as KERNELS spells it."""
    return ".".join(os.uname().release.split(".")[:2])


def kernel_of(item):
    """The one kernel `item` runs on in a --lean run, None for every kernel: the marker closest
    to the test decides (a parameter's over its function's, a function's over its module's);
    an unmarked test runs on every kernel."""
    for mark in item.iter_markers():
        if mark.name == "every_kernel":
            return None
        if mark.name == "home_kernel":
            if mark.args[0] not in KERNELS:
                raise pytest.UsageError(f"{item.nodeid}: home_kernel {mark.args[0]!r} is not "
                                        f"one of {KERNELS}")
            return mark.args[0]
    return None


def pytest_collection_modifyitems(config, items):
    """--lean: deselect the tests that run on another supported kernel (README, "Tests")."""
    if not config.getoption("--lean"):
        return
    here = config.getoption("--lean-kernel") or running_kernel()
    if here not in KERNELS:
        return
    keep, other = [], []
    for item in items:
        if kernel_of(item) in (None, here):
            keep.append(item)
        else:
            other.append(item)
    if other:
        config.hook.pytest_deselected(items=other)
        items[:] = keep


def pytest_terminal_summary(terminalreporter):
    """The guest's clock at the end of the run, for reading a failure: a clocksource marked
    unstable leaves sched_clock standing still between late ticks (tools/vm/vmrun)."""
    cs = Path("/sys/devices/system/clocksource/clocksource0/current_clocksource")
    dmesg = subprocess.run(["dmesg"], capture_output=True, text=True).stdout.splitlines()
    unstable = [line for line in dmesg if "unstable" in line.lower()]
    terminalreporter.write_line(f"guest clocksource: {cs.read_text().strip()}; "
                                f"{'; '.join(unstable) or 'nothing marked unstable'}")


def _attached():
    return STATE.exists() and STATE.read_text().strip() != "disabled"


@pytest.fixture(autouse=True)
def no_scheduler_left_attached():
    """After each test, no BPF scheduler may still be attached: one that a failed test left
    running would make every later test fail to attach its own ("another sched_ext scheduler
    is attached") or read the stale one's stats. Such a leftover is stopped here (SIGINT, then
    SIGKILL) and reported as an error of the test that left it."""
    yield
    if not _attached():
        return
    for sig in ("-INT", "-KILL"):
        for name in SCHEDULERS:
            subprocess.run(["pkill", sig, "-x", name], check=False)
        end = time.monotonic() + 5
        while _attached() and time.monotonic() < end:
            time.sleep(0.1)
        if not _attached():
            break
    pytest.fail("the test left a BPF scheduler attached (stopped now)")


# A test that runs past this many seconds fails alone (SIGALRM raises in it; its `attached()`
# and workload helpers clean up as on any exception) instead of holding the guest until vmrun's
# limit kills the whole run with every later test unreported. The slowest test takes about a
# minute here; CI's hosts have run the suite up to 1.7x slower.
TEST_LIMIT_S = 300


class TimeLimitExceeded(Exception):
    pass


@pytest.fixture(autouse=True)
def time_limit(request):
    def expired(signum, frame):
        raise TimeLimitExceeded(f"{request.node.nodeid} ran past {TEST_LIMIT_S} s")

    old = signal.signal(signal.SIGALRM, expired)
    signal.alarm(TEST_LIMIT_S)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def pytest_runtest_logreport(report):
    """A failure's reason and output as soon as the test fails, not only in the summary at the
    end: when vmrun's limit kills the guest, the summary never comes and CI's log would hold
    only the FAILED line."""
    if not report.failed:
        return
    lines = [f"--- {report.nodeid} ({report.when}) failed:"]
    lines += report.longreprtext.splitlines()[-40:]
    for name, text in report.sections:
        if "stdout" in name or "stderr" in name:
            lines.append(f"--- {name}")
            lines += text.splitlines()[-20:]
    tr = _config.pluginmanager.getplugin("terminalreporter") if _config else None
    if tr is None:
        print("\n".join(lines), flush=True)
        return
    tr.write_line("")
    for line in lines:
        tr.write_line(line)
