"""CPU hotplug: neither scheduler implements ops.cpu_online/cpu_offline, so the kernel ejects
it when a CPU goes off or on line, with an exit code that asks for a restart
(SCX_ECODE_ACT_RESTART | SCX_ECODE_RSN_HOTPLUG). The agent must then read the topology again
(scx_corepair: pairs and counters of the online CPUs only) and attach again, twice: the CPU
going off line and coming back. Runs in the 4-vCPU guest of tools/test.sh; fails when the
kernel has no sched_ext or the scheduler did not attach."""
import os
import signal
import subprocess
import time
from pathlib import Path

import pytest

from test_lockaware import BIN as LOCKAWARE, ROOT, SCX, interrupt, ops, state, wait_for
from test_corepair import BIN as COREPAIR, SOFT

pytestmark = pytest.mark.every_kernel  # (conftest.py)


WORKLOADS = ROOT / "target" / "release" / "scx-workloads"
SCHEDS = {
    "lockaware": [str(LOCKAWARE)],
    "corepair": [str(COREPAIR), *SOFT],
}


def online(cpu):
    return Path(f"/sys/devices/system/cpu/cpu{cpu}/online")


@pytest.mark.parametrize("name", list(SCHEDS))
def test_cpu_hotplug_restarts_the_scheduler(name, tmp_path):
    assert SCX.joinpath("state").exists(), "no sched_ext in this kernel: run via tools/vm/vmrun"
    assert state() == "disabled", f"a scheduler is already attached: {ops()}"
    cpu = os.cpu_count() - 1
    assert cpu >= 1 and online(cpu).exists(), "this guest cannot take a CPU off line"
    log = tmp_path / "log"
    with open(log, "w") as out:
        p = subprocess.Popen(SCHEDS[name], stdout=out, stderr=subprocess.STDOUT)
    restarts = lambda: log.read_text().count("restarting")  # noqa: E731
    try:
        assert wait_for(lambda: state() == "enabled" or p.poll() is not None, 60), "never attached"
        assert p.poll() is None and ops().startswith(name), log.read_text()
        for n, value in enumerate(["0", "1"], start=1):
            online(cpu).write_text(value)
            assert wait_for(lambda: restarts() >= n, 30), log.read_text()
            assert wait_for(lambda: state() == "enabled" or p.poll() is not None, 60), \
                "not attached again"
            assert p.poll() is None and ops().startswith(name), log.read_text()
            # Tasks run on the CPUs now on line (one worker per online CPU).
            r = subprocess.run([str(WORKLOADS), "demand", "ep", "--duration", "2"],
                               capture_output=True, text=True, timeout=60)
            assert r.returncode == 0, r.stderr
            assert state() == "enabled", "ejected while running the workload"
        # Three attachments: at the start, with the CPU off line, with it back.
        assert log.read_text().count(" attached") == 3, log.read_text()
        if name == "corepair":
            # The pairs were made again from the online CPUs: one CPU left unpaired.
            assert "unpaired" in log.read_text(), log.read_text()
    finally:
        if online(cpu).read_text().strip() != "1":
            online(cpu).write_text("1")
        interrupt(p, 15)
    assert p.returncode == 0, log.read_text()
    assert wait_for(lambda: state() == "disabled", 5)
    time.sleep(0.5)
