"""VM tests of the risks that a read of scx_lockaware's BPF code found (issue #9): each test
provokes the situation and asserts the behaviour the scheduler must have. Each test of a fixed
risk was run against the scheduler as it was before its fix (SCX_LOCKAWARE_BIN=<old build>) and
failed there; risk 4's shows the race happening and harmless (it passes without the fix too);
docs/benchmarks.md ("Risks") lists the outcomes. Runs in the 4-vCPU guest of tools/test.sh."""
import contextlib
import os
import re
import subprocess
import time
from pathlib import Path

import pytest

from test_lockaware import BIN, ROOT, SCX, ops, start, state, wait_for  # noqa: F401
from test_ssc import Stats, Workload, stop, top_entries, top_tasks

pytestmark = pytest.mark.every_kernel  # (conftest.py)


HOG = ["sh", "-c", "while :; do :; done"]


def cpu_ns(pid, tid):
    """CPU time a thread has had, in ns (/proc/PID/task/TID/schedstat, first field)."""
    try:
        return int(Path(f"/proc/{pid}/task/{tid}/schedstat").read_text().split()[0])
    except (FileNotFoundError, ProcessLookupError):
        return None


def wait_ns(pid, tid):
    """Time a thread has waited on a run queue, in ns (schedstat, second field)."""
    try:
        return int(Path(f"/proc/{pid}/task/{tid}/schedstat").read_text().split()[1])
    except (FileNotFoundError, ProcessLookupError):
        return None


def threads_report(pid):
    """{tid: (comm, state, CPU ns, run-queue wait ns)} of every thread of `pid`, for failure
    messages (/proc/PID/task/TID/stat and schedstat)."""
    out = {}
    for t in Path(f"/proc/{pid}/task").iterdir():
        try:
            stat = (t / "stat").read_text()
            run, wait = (t / "schedstat").read_text().split()[:2]
        except (FileNotFoundError, ProcessLookupError):
            continue
        comm, rest = stat.split("(", 1)[1].rsplit(")", 1)
        out[int(t.name)] = (comm, rest.split()[0], int(run), int(wait))
    return out


class Hogs:
    """N CPU-bound shell loops (optionally on CPUs `cpus`, at `nice`), started by one shell in a process
    group of their own: spawning them one by one from here slows down as they load the CPUs."""

    def __init__(self, n, cpus=None, nice=0):
        pre = (f"taskset -c {cpus} " if cpus else "") + (f"nice -n {nice} " if nice else "")
        self.p = subprocess.Popen(
            ["sh", "-c", f"for i in $(seq {n}); do {pre}sh -c 'while :; do :; done' & done; wait"],
            start_new_session=True)
        assert wait_for(lambda: len(self.pids()) >= n, 30), f"{len(self.pids())} of {n} hogs"

    def pids(self):
        out = subprocess.run(["pgrep", "-g", str(self.p.pid)], capture_output=True, text=True)
        return [int(x) for x in out.stdout.split() if int(x) != self.p.pid]

    def kill(self):
        os.killpg(self.p.pid, 9)
        self.p.wait()


class Run:
    """What `attached()` hands out: the scheduler's stats client and the hogs."""

    def __init__(self, st, hogs):
        self.stats, self.hogs = st, hogs


@contextlib.contextmanager
def attached(*flags, hogs=0, nice=0, cpus=None):
    """scx_lockaware started with `flags` and `hogs` CPU hogs (at `nice`, on `cpus` if given)
    beside it. On leaving,
    asserts that the scheduler is still attached (a test whose scheduler was ejected must not
    pass), then stops the hogs and detaches it cleanly."""
    p = start(*flags)
    st = Stats()
    st.get()
    h = None
    try:
        h = Hogs(hogs, cpus=cpus, nice=nice) if hogs else None
        yield Run(st, h)
        assert state() == "enabled", "the scheduler was ejected"
    finally:
        # Also when the test failed: a scheduler left attached would fail every later test.
        if h:
            h.kill()
        st.close()
        if p.poll() is None:
            stop(p)


def test_ssc_queue_is_served_when_the_llc_queue_is_always_old():
    """Risk 1: an SSC CPU served its LLC queue first whenever that queue's head had waited 4
    slices. With 8 CPU hogs per CPU the head is always that old, so the SSC queue, which
    only SSC CPUs serve, starved (a stall the watchdog ejects). Now the two queues' heads
    are served oldest first: the lock-intensive threads keep running under the overload."""
    p = start("--ssc-cpus", "0-1")
    st = Stats()
    st.get()
    w = Workload("mutex", "--lock-threads", "4", "--cpu-threads", "0", "--duration", "300",
                 "--cs-ns", "2000", "--outside-ns", "500")
    tids = w.tids(4)
    assert wait_for(lambda: st.get()["nr_lock_tasks"] >= 3, 15), "lock threads not classified"
    h = Hogs(8 * os.cpu_count())
    try:
        time.sleep(2)
        hog_pids = h.pids()
        before = {t: cpu_ns(w.p.pid, t) for t in tids}
        hog_before = [cpu_ns(x, x) for x in hog_pids]
        time.sleep(10)
        after = {t: cpu_ns(w.p.pid, t) for t in tids}
        hog_after = [cpu_ns(x, x) for x in hog_pids]
        m = st.get()
        assert w.p.poll() is None, "the workload ended too early"
        assert state() == "enabled", "the scheduler was ejected"
    finally:
        h.kill()
    w.p.kill()
    st.close()
    stop(p)
    gained = {t: (after[t] - before[t]) / 1e6 for t in tids if after[t] and before[t]}
    print("lock threads' CPU ms in 10 s of overload:", gained, "aged:", m.get("queue_aged"))
    # Each lock thread got CPU time while the LLC queue was saturated (before the fix: ~0).
    assert len(gained) == 4 and all(ms > 20 for ms in gained.values()), gained
    # ...and the hogs on the LLC queue were served too.
    hog_ms = [(a - b) / 1e6 for a, b in zip(hog_after, hog_before) if a and b]
    assert sum(1 for ms in hog_ms if ms > 0) >= len(hog_pids) // 2, hog_ms


def handoff_workers(pid):
    """The worker threads of `scx-workloads futex --mode handoff` (not main, not the wakers)."""
    task = Path(f"/proc/{pid}/task")
    comms = {int(t.name): (t / "comm").read_text().strip() for t in task.iterdir()}
    return sorted(t for t, c in comms.items() if t != pid and not c.startswith("waker"))


def test_stranded_lock_task_runs_while_the_other_cpus_stay_busy():
    """Risk 2: a lock-intensive thread allowed only on CPUs 2-3 waits on the SSC queue when
    the SSC (CPUs 0-2) shrinks to CPU 0. Before, it was rescued only by a CPU about to idle,
    after the keep-the-current-task branch, which CPU hogs on 2-3 always take. Now the
    shrink moves it to its LLC queue (ssc_rescue) and CPUs outside the SSC look for such
    tasks before keeping a task."""
    # 12 lock-intensive workers (lock sleeps of ~0.5 ms between 2 ms of CPU work: a share of
    # ~20%, mostly runnable: several wait on the SSC queue at any time) and two CPU hogs,
    # all allowed on CPUs 2-3 only. Then the scheduler starts at 3 CPUs and the re-search
    # timeout (1 s) restarts the search at 1 CPU (figure 3.30) at its first window, 2 s after
    # the attach, while lock-intensive workers wait on the SSC queue. That shrink is the
    # test's one chance: the workers cannot run on CPU 0, so at the next full window the SSC
    # moves to where they ran (ssc_moves, CPU 2 first), and no later shrink strands them.
    # With 50-ms windows (until session 69) the search
    # restarted at 1 within the first half second, at a window that saw fewer lock-intensive
    # tasks than CPUs, so the shrink raced the workers' classification; a 7.2 suite run had
    # nothing stranded in 40 s (docs/benchmarks.md section 87). (The
    # paper's search settles at its cap of 3; the refine search would probe 2 first.) Not 4:
    # an SSC of every CPU confines nothing, and its lock-intensive tasks wait on their CPUs'
    # own queues, not the SSC's (test_ssc.py), so a shrink from it strands none.
    w = subprocess.Popen(
        ["taskset", "-c", "2,3", str(ROOT / "target/release/scx-workloads"), "futex",
         "--mode", "handoff", "--workers", "12", "--sleep-us", "1000", "--work-us", "2000",
         "--fifo-waker", "--duration", "70"], stdout=subprocess.PIPE, text=True)
    h = Hogs(2, "2,3")
    p = start("--search", "paper", "--initial-ssc", "3", "--max-ssc", "3",
              "--remig-timeout-s", "1", "--interval-ms", "2000")
    st = Stats()
    st.get()
    try:
        assert wait_for(lambda: len(os.listdir(f"/proc/{w.pid}/task")) >= 25, 20)
        tids = handoff_workers(w.pid)
        assert len(tids) == 12, tids
        last = {t: cpu_ns(w.pid, t) for t in tids}
        stalled = {t: 0.0 for t in tids}
        # Each thread's run-queue wait when it last progressed: what a stall added to it says
        # whether the thread waited on a run queue (grows with the stall) or slept (does not).
        wait_then = {t: wait_ns(w.pid, t) for t in tids}
        rescued, sizes, nlock, enq = 0, set(), set(), 0
        # 12 s: the shrink at 2 s, then 10 s in which no thread may stall.
        t0 = time.monotonic()
        while time.monotonic() < t0 + 12:
            time.sleep(0.5)
            m = st.get()
            rescued += m["ssc_rescue"]
            sizes.add(m["ssc_size"])
            nlock.add(m["nr_lock_tasks"])
            enq += m["ssc_enq"]
            for t in tids:
                c = cpu_ns(w.pid, t)
                if c is not None and c == last[t]:
                    stalled[t] += 0.5
                else:
                    stalled[t] = 0.0 if c is not None else stalled[t]
                    wait_then[t] = wait_ns(w.pid, t) if c is not None else wait_then[t]
                last[t] = c
                if stalled[t] >= 4.0:
                    grew = (wait_ns(w.pid, t) or 0) - (wait_then[t] or 0)
                    raise AssertionError(
                        f"thread {t} got no CPU for {stalled[t]} s (sizes {sizes}), its run-queue "
                        f"wait grew {grew / 1e9:.2f} s meanwhile (about {stalled[t]} s if it was "
                        f"runnable all along, 0 if it slept); every thread's comm, state, CPU ns "
                        f"and run-queue wait ns: {threads_report(w.pid)}; stats {m}")
        assert state() == "enabled"
    finally:
        # Also when the test failed: a scheduler left attached would fail every later test.
        h.kill()
        w.kill()
        w.wait()
        st.close()
        if p.poll() is None:
            stop(p)
    print("sizes", sizes, "rescued", rescued, "lock-intensive tasks", nlock, "ssc_enq", enq)
    assert 1 in sizes, f"the SSC never shrank: {sizes}"
    assert rescued > 0, "no task was stranded by the shrink: the test did not provoke the path"


def idle_ticks(cpus):
    """Idle + iowait time of `cpus` so far, in USER_HZ ticks (/proc/stat)."""
    total = 0
    for line in Path("/proc/stat").read_text().splitlines():
        f = line.split()
        if f[0] in {f"cpu{c}" for c in cpus}:
            total += int(f[4]) + int(f[5])
    return total


def test_lock_task_queued_as_an_ssc_cpu_goes_idle():
    """Risk 4: a woken lock-intensive task that found no idle SSC CPU is put on the SSC queue,
    and an SSC CPU can finish its task and go idle between that idle pick and the insert; no
    one woke it. sysbench threads (16 threads, one mutex, yields) on a 2-CPU SSC provokes the
    race hundreds of times a second: since the fix the enqueue looks for an idle SSC CPU again
    after the insert and wakes it (`late-kick` counts those). Measured with the kick removed
    (docs/benchmarks.md, risks): the SSC CPUs' idle share was the same, because the next
    wake-up of any lock thread lands on the idle CPU, which then takes the queued one too;
    so this test shows the race happening and harmless: the SSC CPUs stay busy while it does."""
    with attached("--ssc-cpus", "0-1") as run:
        sb = subprocess.Popen(["sysbench", "threads", "--threads=16", "--thread-locks=1",
                               "--time=10", "run"], stdout=subprocess.PIPE, text=True)
        assert wait_for(lambda: run.stats.get()["nr_lock_tasks"] >= 8, 15), \
            "sysbench threads not classified"
        m0, i0, t0 = run.stats.get(), idle_ticks([0, 1]), time.monotonic()
        time.sleep(4)
        m1, i1, dt = run.stats.get(), idle_ticks([0, 1]), time.monotonic() - t0
        out, _ = sb.communicate(timeout=60)
    events = int(re.search(r"total number of events:\s+(\d+)", out).group(1))
    late = m1["kick_after_queue"] - m0["kick_after_queue"]
    idle = (i1 - i0) / (2 * dt * os.sysconf("SC_CLK_TCK"))
    print(f"late kicks {late} in {dt:.1f} s; SSC CPUs idle {idle:.0%}; sysbench events {events}")
    assert sb.returncode == 0 and events > 0, out
    assert late > 0, "the race was not provoked"
    # Measured: 23-25% idle with the kick, 24-26% without; a stranded queue would idle far more.
    assert idle < 0.5, idle


def test_lock_sleep_ends_at_the_wakeup_not_when_the_task_runs():
    """Risk 5: a lock wait's off-CPU part ran until the task ran again, so the time a woken
    task then waits for a CPU counted as lock wait, and under load every task looked
    lock-bound. Workers here sleep on a mutex-style futex until a SCHED_FIFO waker releases
    them (every 0.2 ms), then compute 50 ms of CPU time, next to 4 CPU hogs per CPU that make
    each wake-up wait for a CPU for several slices (with 3, one run in session 13 fell just
    short of the load this test needs: 23.2% until run against 24.6% needed). Each worker measures its own waits: until
    the release (the truth) and until it ran again (what the old accounting charged). The
    scheduler's share must be the first, not the second. A fixed bound does not do: how late
    the waker's timer fires depends on how the host time-slices the vCPUs (true shares of 8-9%
    in a 4-vCPU guest on 2 host cores; a 10% bound failed in CI at sampled medians of 10-12%)."""
    p = start("--stats", "2")
    st = Stats()
    st.get()
    h = Hogs(4 * os.cpu_count())
    try:
        w = Workload("futex", "--mode", "handoff", "--workers", "2", "--sleep-us", "200",
                     "--work-us", "50000", "--fifo-waker", "--duration", "16")
        w.tids(4)  # 2 workers, 2 wakers
        time.sleep(4)
        samples = []  # the workers' tids come with the result
        while w.p.poll() is None:
            samples.append(top_tasks(st.get()))
            time.sleep(1)
        res = w.result()
    finally:
        h.kill()
    st.close()
    stop(p)
    truth = dict(zip(res["lock_tids"], res["handoff"]))
    print("handoff workers' own measure:", truth, "ops", res["ops"])
    # A task missing from a sample had no lock wait in its window.
    shares = {t: [s.get(t, (0.0, False))[0] for s in samples] for t in truth}
    print("scheduler's samples of the share (%):", shares)
    assert res["ops"] > 10, res
    assert len(samples) >= 5, f"{len(samples)} samples"
    for t, m in truth.items():
        mean = sum(shares[t]) / len(shares[t])
        true, until_run = m["share_pct"], m["until_run_share_pct"]
        print(f"tid {t}: scheduler {mean:.1f}%, true {true:.1f}%, until run {until_run:.1f}%")
        # The load must make the two accountings differ, or this test shows nothing: by 10
        # points at least, and twice the truth where that is more (the true share follows how
        # the host time-slices the vCPUs: 8-12% seen; a bound of 2 * true + 10 failed once
        # in session 35 at true 11.9%, until run 31.5%, the scheduler's share 4.6-7.2%).
        assert until_run > max(2 * true, true + 10), \
            f"tid {t}: the hogs did not delay the wake-ups: {m}"
        # Sampled windows are noisy (a 50-ms window holds one wait): the mean of the samples
        # must be nearer the true share than the share that includes the wait for a CPU.
        assert mean < (true + until_run) / 2, f"tid {t}: {mean:.1f}% of lock wait, {m}"


def test_event_futex_traffic_is_not_lock_wait():
    """Risk 6: every futex_wake of one waiter counted as lock "spin", so condition variables
    and semaphores looked like lock hand-offs. Pairs of threads passing a token through a
    futex (FUTEX_WAIT for "not my turn", FUTEX_WAKE of one) spend most of their time in
    those calls: neither their wakes nor their sleeps may count as a lock's wait.

    Their futex calls do take kernel spinlocks (the futex hash bucket's, a run queue's for each
    wake-up), and their contention is a real lock wait (lock:contention_begin/end), its on-CPU
    part "spin". A vCPU that the host preempts while holding one makes the others spin longer:
    CI once saw one worker at a 1.4% share. So the part that is not spin (the sleeps counted as a lock's) must
    stay under 1%, and the whole share far below the lock-intensive threshold (10%). Both
    are judged from 2 s on, the classification too: in its first second a worker whose
    window holds a few ms can be classified by one sleeping kernel-lock wait, a real lock
    wait (README, known limitations; docs/benchmarks.md §68.4). On 7.2 that happened in 2 of
    6 runs of session 48's build and of session 50's, each time leaving before 2 s with a
    share of 0.1-0.4% after (session 50)."""
    p = start()
    st = Stats()
    st.get()
    w = Workload("futex", "--mode", "event", "--workers", "4", "--duration", "10")
    tids = set(w.tids(4))
    seen, intensive, early = {}, set(), set()  # the largest (share, spin) sampled per worker
    t0 = time.monotonic()
    while w.p.poll() is None:
        time.sleep(1)
        m = st.get()
        # The shares from 2 s on. In the first second a worker's window holds a few ms, and a
        # sleeping kernel-lock wait at its start (block, not spin; no futex event sleep counts
        # as a lock's) read 2.1-9.0% there on a slow host (session 47: 6 of 23 runs of session
        # 46's build and 47's failed; the two timed at 1.0 and 1.1 s, 0.1% from 2 s on).
        steady = 2 < time.monotonic() - t0 < 9.5
        for t, share, lock, spin in top_entries(m):
            if t in tids:
                if steady:
                    old = seen.get(t, (0.0, 0.0))
                    seen[t] = (max(share, old[0]), max(share - spin, old[1]))
                if lock:
                    (intensive if steady else early).add(t)
    res = w.result()
    st.get()  # the last interval's counters into the totals
    st.close()
    stop(p)
    print("event workers' largest (share, share but spin) %:", seen,
          "kernel lock contentions", st.totals["klock_waits"],
          "classified before 2 s or after 9.5 s:", early)
    assert res["ops"] > 1000, res
    assert not intensive, f"event threads classified lock-intensive: {intensive}"
    assert all(not_spin < 1.0 for _share, not_spin in seen.values()), seen
    assert all(share < 5.0 for share, _not_spin in seen.values()), seen
