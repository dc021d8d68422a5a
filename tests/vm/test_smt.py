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


def test_pull_moves_a_task_to_a_whole_idle_core():
    """Issue #9, risk 3: a whole idle core preempts one of two tasks sharing a core, but the
    preempted task's CPU found nothing else to run and kept it, so nothing moved. Two hogs are
    pinned to the two siblings of core 0, then may run anywhere; a sleeper pinned to a CPU of
    the other core wakes every 20 ms, so that core keeps asking. The pulled hog must reach that
    core (SCX_ENQ_LAST), and afterwards the hogs must share a core at most a quarter of the time.

    The hogs are brought together again (pinned, then freed) up to 8 times until a pull has
    moved one: an idle CPU can also separate them by stealing a hog that a kthread preempted,
    and then no pull is needed. CI once saw that on the first and only try (8 steals, no pull
    requested, never together), so a single try proved nothing about the pull. A try in which a
    pull was requested and nothing moved is the bug itself.

    They do not stay apart for good either: an idle CPU that steals a preempted hog brings them
    together again now and then (20 to 65 steals and 30 to 54 pulls a run, 0 to 2 of 10
    samples together; CI once saw 3 of 10 and failed against a limit of 2), and the next pull
    separates them. Over 40 samples, 2 to 5 were together (about 9%); a quarter is far beyond
    that chance."""
    from test_ssc import Stats

    sib0 = sorted(int(c) for c in
                  (CPU / "cpu0" / "topology" / "thread_siblings_list").read_text().strip()
                  .replace("-", ",").split(","))
    assert len(sib0) == 2, f"guest has no SMT: {sib0}"
    others = [c for c in range(os.cpu_count()) if c not in sib0]
    p = start()
    st = Stats()
    st.get()
    hogs = [subprocess.Popen(["taskset", "-c", str(c), "sh", "-c", "while :; do :; done"])
            for c in sib0]
    # The sleeper and this sampler share one CPU of the other core, so that its sibling stays
    # idle for the hog that moves there.
    sleeper = subprocess.Popen(["taskset", "-c", str(others[0]), "sh", "-c",
                                "while :; do sleep 0.02; done"])
    os.sched_setaffinity(0, {others[0]})

    def affine(h, cpus):
        subprocess.run(["taskset", "-p", "-c", cpus, str(h.pid)], check=True,
                       capture_output=True)

    tries, requested, moved, steals = [], 0, 0, 0
    try:
        time.sleep(1)
        for _ in range(8):
            for h, c in zip(hogs, sib0):
                affine(h, str(c))
            time.sleep(0.3)
            st.get()
            for h in hogs:
                affine(h, f"0-{os.cpu_count() - 1}")
            time.sleep(1.5)
            m = st.get()
            tries.append((m["pull_idle_core"], m.get("pull_moved", 0), m["dispatch_steal"]))
            requested += m["pull_idle_core"]
            moved += m.get("pull_moved", 0)
            steals += m["dispatch_steal"]
            if moved:
                break
        time.sleep(1.5)
        same, samples = 0, 0
        for _ in range(40):
            cores = [core_of(next(iter(task_cpus(h.pid).values()))) for h in hogs]
            same += cores[0] == cores[1]
            samples += 1
            time.sleep(0.2)
        m = st.get()
        assert state() == "enabled"
    finally:
        for x in hogs + [sleeper]:
            x.kill()
        st.close()
        p.send_signal(2)
        p.wait(timeout=10)
    print("tries (pull requests, moved, steals):", tries, "then: same", same,
          "pull requests", m["pull_idle_core"], "moved", m.get("pull_moved"),
          "steals", m["dispatch_steal"])
    assert requested > 0, f"no pull was asked for in {len(tries)} tries: {tries}"
    assert moved > 0, f"{requested} pulls were asked for and none moved a task: {tries}"
    assert same <= samples // 4, f"the hogs stayed on one core in {same}/{samples} samples"


def test_corepair_pairs_smt_siblings():
    """scx_corepair's --pairing auto on an SMT machine pairs each core's two siblings (master,
    slave) and attaches; the pairs it prints are the kernel's sibling lists."""
    import test_corepair as cp
    siblings = {}
    for c in range(os.cpu_count()):
        lst = (CPU / f"cpu{c}" / "topology" / "thread_siblings_list").read_text().strip()
        siblings[c] = lst
    p = cp.start(*cp.SOFT)
    st = cp.Stats()
    pairs = st.get()["pairs"].split()
    st.close()
    out = cp.stop(p)
    assert len(pairs) == os.cpu_count() // 2, (pairs, out)
    for pr in pairs:
        m, s = (int(x) for x in pr.split("-"))
        assert core_of(m) == core_of(s), (pr, siblings)
    assert "pairs (Smt)" in out, out
