"""Idle-core-first placement (seed 003), on a guest with SMT siblings: two CPU hogs on an idle
2-core x 2-thread machine must run on different physical cores. tools/test.sh runs this file in
its own guest booted with -smp 4,sockets=1,cores=2,threads=2; the default guest has no SMT and
fails the topology assertion (never skips)."""
import os
import subprocess
import time
from pathlib import Path

from test_lockaware import BIN, ops, start, state, wait_for  # noqa: F401 (fixture helpers)

CPU = Path("/sys/devices/system/cpu")


def core_of(cpu):
    t = CPU / f"cpu{cpu}" / "topology"
    return (t / "physical_package_id").read_text().strip(), (t / "core_id").read_text().strip()


def task_cpus(pid):
    """CPU each thread of @pid last ran on (field 39 of /proc/PID/task/TID/stat)."""
    out = {}
    for t in Path(f"/proc/{pid}/task").iterdir():
        try:
            fields = (t / "stat").read_text().rsplit(")", 1)[1].split()
        except FileNotFoundError:
            continue
        out[t.name] = int(fields[36])
    return out


def test_two_hogs_get_two_physical_cores():
    sib = (CPU / "cpu0" / "topology" / "thread_siblings_list").read_text().strip()
    assert sib not in ("0",), f"guest has no SMT (cpu0 siblings: {sib}): boot with threads=2"
    p = start("--stats", "5")
    assert ops().startswith("lockaware")
    hogs = [subprocess.Popen(["sh", "-c", "while :; do :; done"]) for _ in range(2)]
    # The sampler is a third runnable task while it samples (and under TCG a slow one): keep it
    # on CPU 0 so that it disturbs one known core instead of wandering between them.
    os.sched_setaffinity(0, {0})
    try:
        time.sleep(2)
        same, samples = 0, 0
        for _ in range(20):
            cpus = [task_cpus(h.pid) for h in hogs]
            cores = [core_of(next(iter(c.values()))) for c in cpus]
            same += cores[0] == cores[1]
            samples += 1
            time.sleep(0.5)
        assert state() == "enabled"
    finally:
        for h in hogs:
            h.kill()
        p.send_signal(2)
        p.wait(timeout=10)
    out = p.stdout.read().decode()
    assert same <= samples // 5, f"hogs shared a physical core in {same}/{samples} samples\n{out}"
