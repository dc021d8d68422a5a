import subprocess
import time
from pathlib import Path

import pytest

STATE = Path("/sys/kernel/sched_ext/state")
SCHEDULERS = ("scx_lockaware", "scx_corepair", "scx_simple")


def pytest_configure(config):
    config.addinivalue_line("markers", "slow: long VM runs left out of the default test run")


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
