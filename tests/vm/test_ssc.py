"""VM tests of scx_lockaware's lock-contention logic (issue #3): classification, SSC confinement,
SSC bounds, kernel-lock visibility, phase change, and flag validation. They read the
scheduler's own statistics through its scx_stats socket and the kernel's placement of each
thread (/proc/PID/task/TID/stat), in a 4-vCPU guest (tools/test.sh)."""
import json
import os
import signal
import socket
import subprocess
import threading
import time
from pathlib import Path

import pytest

from test_lockaware import BIN, ROOT, SCX, ops, start, state, wait_for  # noqa: F401

# A --lean run on the other kernel runs only the tests marked every_kernel (conftest.py).
pytestmark = pytest.mark.home_kernel("6.12")


WORKLOADS = Path(os.environ.get("SCX_WORKLOADS_BIN", ROOT / "target" / "release" / "scx-workloads"))
STATS_SOCK = "/var/run/scx/root/stats"


class Stats:
    """A client of the scheduler's scx_stats socket. Counters in each reply are the events
    since this client's previous request; `totals` sums them."""

    def __init__(self):
        # The socket file may be a previous instance's until the server replaces it: retry.
        end = time.monotonic() + 30
        while True:
            try:
                self.sock = socket.socket(socket.AF_UNIX)
                self.sock.connect(STATS_SOCK)
                break
            except (FileNotFoundError, ConnectionRefusedError):
                self.sock.close()
                assert time.monotonic() < end, f"cannot connect to {STATS_SOCK}"
                time.sleep(0.2)
        self.rd = self.sock.makefile("r")
        self.totals = {}

    def get(self):
        self.sock.sendall(b'{"req":"stats","args":{"target":"top"}}\n')
        line = self.rd.readline()
        # An ejected scheduler stops answering: say so, with the kernel's state.
        assert line, f"the scheduler closed its stats socket (sched_ext state: {state()})"
        resp = json.loads(line)
        assert resp["errno"] == 0, f"{resp} (sched_ext state: {state()})"
        m = resp["args"]["resp"]
        for k in ("klock_waits", "klock_seen", "klock_stale", "futex_waits", "lock_in", "lock_out", "ssc_direct",
                  "ssc_enq", "ssc_whole", "ssc_dispatch", "lock_out_affinity", "lock_out_resize",
                  "lock_out_noreason", "lock_reenter", "class_recheck", "ssc_wake_preempt",
                  "ssc_sync_spared"):
            if k in m:  # scx_lockaware's; scx_corepair's tests use the same client
                self.totals[k] = self.totals.get(k, 0) + m[k]
        return m

    def close(self):
        self.sock.close()


def cpus_of(list_str):
    out = set()
    for part in filter(None, list_str.split(",")):
        a, _, b = part.partition("-")
        out.update(range(int(a), int(b or a) + 1))
    return out


def thread_cpu(pid, tid):
    try:
        stat = Path(f"/proc/{pid}/task/{tid}/stat").read_text()
    except (FileNotFoundError, ProcessLookupError):
        return None
    f = stat.rsplit(")", 1)[1].split()
    return int(f[36]), f[0]  # CPU it last ran on, state


def top_entries(m):
    """(tid, share %, lock-intensive, spin share %) from the top_lock_tasks statistic."""
    for e in m["top_lock_tasks"].split():
        # pid:comm:share:spin, and a comm may hold ':' itself (kworker/u8:2).
        tid, rest = e.split(":", 1)
        _comm, share, spin = rest.rsplit(":", 2)
        yield int(tid), float(share.rstrip("%*")), share.endswith("*"), float(spin[4:-1])


def top_tasks(m):
    """{tid: (share %, lock-intensive)} from the top_lock_tasks statistic."""
    return {tid: (share, lock) for tid, share, lock, _spin in top_entries(m)}


class Workload:
    """scx-workloads in the background; its tids come from /proc (the JSON comes at the end)."""

    def __init__(self, *args):
        self.p = subprocess.Popen([str(WORKLOADS), *args], stdout=subprocess.PIPE, text=True)

    def tids(self, n):
        assert wait_for(lambda: len(os.listdir(f"/proc/{self.p.pid}/task")) >= n + 1, 20)
        return sorted(int(t) for t in os.listdir(f"/proc/{self.p.pid}/task"))[1:]

    def result(self, timeout=120):
        out, _ = self.p.communicate(timeout=timeout)
        assert self.p.returncode == 0
        return json.loads(out.strip().splitlines()[-1])


def stop(p):
    p.send_signal(signal.SIGINT)
    assert wait_for(lambda: state() == "disabled", 2.0), "state not disabled within 2 s"
    rc = p.wait(timeout=10)
    out = p.stdout.read().decode()
    assert rc == 0, out
    return out


@pytest.mark.every_kernel
def test_lock_threads_classified_and_confined():
    """4 threads on one pthread mutex next to 2 CPU-bound threads, SSC capped at 2 of 4 CPUs:
    the lock threads are classified and run only on SSC CPUs; the CPU-bound ones are not. The
    search reads its windows in parts (--window-parts, by default 5, filed by the BPF side) and
    reports their noise estimate (thro_rse_pct, -1 only for a window read in one, the one after
    a resize) and its calibration (>= 1)."""
    p = start("--max-ssc", "2", "--min-ssc", "1", "--interval-ms", "100")
    st = Stats()
    st.get()
    w = Workload("mutex", "--lock-threads", "4", "--cpu-threads", "2", "--duration", "20",
                 "--cs-ns", "2000", "--outside-ns", "500")
    tids = w.tids(6)
    res_holder = {}
    t = threading.Thread(target=lambda: res_holder.setdefault("r", w.result()))
    t.start()
    sizes, classified, on_ssc, off_ssc, cpu_marked = set(), set(), 0, 0, set()
    rses, scales = [], []
    time.sleep(3)
    while t.is_alive():
        m = st.get()
        rses.append(m["thro_rse_pct"])
        scales.append(m["thro_noise_scale"])
        ssc = cpus_of(m["ssc_cpus"])
        sizes.add(m["ssc_size"])
        top = top_tasks(m)
        for tid, (_share, intensive) in top.items():
            if intensive:
                classified.add(tid)
        for tid in tids:
            pl = thread_cpu(w.p.pid, tid)
            if pl and tid in classified and pl[1] == "R":
                if pl[0] in ssc:
                    on_ssc += 1
                else:
                    off_ssc += 1
        time.sleep(0.5)
    t.join()
    res = res_holder["r"]
    lock_tids, cpu_tids = set(res["lock_tids"]), set(res["cpu_tids"])
    m = st.get()
    st.close()
    out = stop(p)
    print(out, st.totals, sizes, classified, on_ssc, off_ssc)
    assert ops().startswith("lockaware") or state() == "disabled"
    assert len(classified & lock_tids) >= 3, f"lock threads classified: {classified & lock_tids}"
    assert not classified & cpu_tids, f"CPU-bound threads classified: {classified & cpu_tids}"
    assert sizes and all(1 <= s <= 2 for s in sizes), f"SSC sizes {sizes} outside 1..2"
    assert st.totals["futex_waits"] > 0, "no futex lock waits seen"
    assert st.totals["ssc_direct"] + st.totals["ssc_enq"] > 0
    assert st.totals["lock_out_noreason"] == 0, st.totals
    assert m["bpf_cost"] == "", "BPF run-time statistics reported without --bpf-stats"
    assert m["acq_rate"] == 0.0, "acquisitions judged without --inform-lib"
    # Most samples follow a full window, read in parts: an estimate, and a spread (20-ms
    # parts of a mutex's run are never all alike).
    assert sum(r > 0 for r in rses) > len(rses) // 2, rses
    assert all(r > 0 or r == -1 for r in rses), rses
    assert all(s >= 1.0 for s in scales), scales
    # Running lock threads sampled on their CPU: on SSC CPUs (a sample can race a resize).
    assert on_ssc > 0 and off_ssc <= max(1, on_ssc // 10), (on_ssc, off_ssc)


def test_the_ssc_moves_to_a_class_pinned_away_from_it():
    """4 threads on one mutex, all allowed on CPUs 2-3 only (taskset), under the default search
    capped at 2 CPUs: the SSC starts at CPU 0, where none of them may run. Before session 69
    they ran outside it for their affinity (lock_out_affinity), the search had no votes to
    judge, and the SSC stayed at CPU 0: the class was never confined (docs/benchmarks.md
    section 87.4). Now a window in which the whole class ran outside the SSC for its
    affinity moves the SSC to the CPUs it ran on (ssc_moves), and the threads run on it."""
    p = start("--max-ssc", "2", "--interval-ms", "100")
    st = Stats()
    st.get()
    w = subprocess.Popen(["taskset", "-c", "2,3", str(WORKLOADS), "mutex", "--lock-threads", "4",
                          "--cpu-threads", "0", "--duration", "10", "--cs-ns", "2000",
                          "--outside-ns", "500"], stdout=subprocess.PIPE, text=True)
    try:
        assert wait_for(lambda: len(os.listdir(f"/proc/{w.pid}/task")) >= 5, 20)
        tids = sorted(int(t) for t in os.listdir(f"/proc/{w.pid}/task"))[1:]
        time.sleep(3)
        on_ssc = off_ssc = 0
        n_lock, ssc = 0, set()
        while w.poll() is None:
            m = st.get()
            ssc = cpus_of(m["ssc_cpus"])
            n_lock = max(n_lock, m["nr_lock_tasks"])
            for tid in tids:
                pl = thread_cpu(w.pid, tid)
                if pl and pl[1] == "R":
                    if pl[0] in ssc:
                        on_ssc += 1
                    else:
                        off_ssc += 1
            time.sleep(0.5)
        assert w.returncode == 0
    finally:
        if w.poll() is None:
            w.kill()
        w.wait()
    m = st.get()
    st.close()
    assert state() == "enabled" and ops().startswith("lockaware"), (state(), ops())
    out = stop(p)
    print(out, st.totals, ssc, n_lock, on_ssc, off_ssc, m["ssc_moves"])
    assert n_lock >= 3, f"lock-intensive tasks: {n_lock}"
    assert m["ssc_moves"] >= 1, f"the SSC never moved: {m['ssc_cpus']}"
    assert ssc and ssc <= {2, 3}, f"the SSC at the end: {ssc}"
    assert st.totals["ssc_direct"] + st.totals["ssc_enq"] > 0, st.totals
    # Running threads sampled on their CPU, from 3 s in: on the SSC (a sample may race a move).
    assert on_ssc > 0 and off_ssc <= max(1, on_ssc // 5), (on_ssc, off_ssc)


@pytest.mark.every_kernel
@pytest.mark.parametrize("probe,says", [("tracepoint", "syscall tracepoints"),
                                         ("fentry", "fentry/fexit on futex_")])
def test_futex_probe_alternatives(probe, says):
    """The probes that --futex-probe offers beside the default (the sys_enter/exit_futex
    tracepoints, fentry/fexit on the futex sleep function) see the same user lock waits."""
    p = start("--futex-probe", probe, "--max-ssc", "2")
    st = Stats()
    st.get()
    w = Workload("mutex", "--lock-threads", "4", "--cpu-threads", "0", "--duration", "6",
                 "--cs-ns", "2000", "--outside-ns", "500")
    n_lock = 0
    while w.p.poll() is None:
        time.sleep(0.5)
        n_lock = max(n_lock, st.get()["nr_lock_tasks"])
    w.result()
    st.close()
    assert state() == "enabled" and ops().startswith("lockaware"), (state(), ops())
    out = stop(p)
    assert says in out, out
    assert st.totals["futex_waits"] > 0, st.totals
    assert n_lock >= 3, f"lock-intensive tasks: {n_lock}"


@pytest.mark.every_kernel
def test_pi_lock_sleeps_are_lock_waits():
    """A PI lock's sleeps (futex(FUTEX_LOCK_PI), perf bench futex lock-pi: 8 threads on one
    lock) are user lock waits: counted, and its threads show lock wait in the top tasks.
    perf binds each thread to one CPU, where it runs whatever the SSC's size: such threads are
    not classified lock-intensive (the search does not size the SSC for them, and their runs do
    not vote), though their share is reported. Before session 36 all 8 were classified and
    the search restarted every few windows for them."""
    p = start("--max-ssc", "2")
    st = Stats()
    st.get()
    w = subprocess.Popen(["perf", "bench", "futex", "lock-pi", "-t", "8", "-r", "5"],
                         stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    waiting, n_lock, pinned, classified, others = 0.0, 0, set(), set(), {}
    while w.poll() is None:
        time.sleep(1)
        m = st.get()
        n_lock = max(n_lock, m["nr_lock_tasks"])
        for tid, (share, intensive) in top_tasks(m).items():
            if intensive:
                try:
                    others[tid] = Path(f"/proc/{tid}/comm").read_text().strip()
                except OSError:
                    others[tid] = "?"
            try:
                allowed = Path(f"/proc/{w.pid}/task/{tid}/status").read_text()
            except (FileNotFoundError, ProcessLookupError):
                continue  # not perf's, or gone
            if "Cpus_allowed_list:\t" in allowed and len(cpus_of(
                    allowed.split("Cpus_allowed_list:\t")[1].split()[0])) == 1:
                waiting = max(waiting, share)
                pinned.add(tid)
                if intensive:
                    classified.add(tid)
    out, _ = w.communicate()
    st.close()
    assert state() == "enabled" and ops().startswith("lockaware"), (state(), ops())
    stop(p)
    print(out, st.totals, waiting, "n_lock", n_lock, "pinned", pinned, "classified", classified,
          "others", others, "perf pid", w.pid)
    assert w.returncode == 0, out
    assert st.totals["futex_waits"] > 0, st.totals
    assert len(pinned) >= 4, f"perf's one-CPU threads seen in the top tasks: {pinned}"
    assert waiting > 10.0, f"largest lock-wait share {waiting}%"
    assert not classified, f"one-CPU threads classified lock-intensive: {classified}"
    # Other tasks may be classified by their own waits: once in CI (4 vCPUs, 6.12 or 7.2) one
    # was, not among perf's one-CPU threads (whose shares fill the top five), placed on the SSC
    # 70 times, then out of the class again. Before session 36 all 8 of perf's were counted.
    assert n_lock <= 2, f"{n_lock} lock-intensive tasks counted (classified seen: {others})"


def test_lock_intensive_tasks_are_listed_first():
    """The statistics' top lock-waiting tasks list the lock-intensive ones first, then the rest
    by share: a user looks there for what the SSC holds. perf bench futex lock-pi's one-CPU
    threads wait more (about 97% of their time) than a mutex workload's threads, but are not
    classified; the mutex's threads are, and must show ahead of them. Sorted by share alone,
    as before session 37, the five places went to perf's threads (CI once counted a classified
    task that no sample of the lock-pi test showed). With 4 lock threads the workload's
    classified threads (its main thread too, at 10-14%) filled the list, and nothing showed
    that the order is not by share."""
    p = start("--max-ssc", "2")
    st = Stats()
    st.get()
    perf = subprocess.Popen(["perf", "bench", "futex", "lock-pi", "-t", "8", "-r", "6"],
                            stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
    # perf's threads first (perf takes a while to start in the guest), then fewer classified
    # tasks than the list's five places: two lock threads (and the workload's main thread,
    # which may be classified too, by its own waits).
    assert wait_for(lambda: len(os.listdir(f"/proc/{perf.pid}/task")) >= 9, 20)
    w = Workload("mutex", "--lock-threads", "2", "--cpu-threads", "0", "--duration", "4",
                 "--cs-ns", "2000", "--outside-ns", "500")
    ahead, samples, wrong, t0 = 0, [], [], time.monotonic()
    try:
        while w.p.poll() is None or perf.poll() is None:
            time.sleep(0.5)
            m = st.get()
            top = list(top_entries(m))
            samples.append((m["nr_lock_tasks"], [(t, s, c) for t, s, c, _ in top]))
            flags = [c for _t, _s, c, _ in top]
            # Classified first; as many listed as counted (one may change class between the
            # count and the list, both read in one request; before session 42 the count was the
            # last window's, and both lock threads once left the class in between), while the
            # mutex's threads run: an exiting thread leaves the list before the count (seen once
            # on 6.12).
            counted = min(m["nr_lock_tasks"], 5) if time.monotonic() - t0 < 3 else 0
            if flags != sorted(flags, reverse=True) or (
                    len(top) == 5 and sum(flags) < counted - 1):
                wrong.append(samples[-1])
            unclassified = [s for _t, s, c, _ in top if not c]
            if any(c and unclassified and s < max(unclassified) for _t, s, c, _ in top):
                ahead += 1
        w.result()
        assert state() == "enabled" and ops().startswith("lockaware"), (state(), ops())
    finally:
        st.close()
        stop(p)
    print(samples)
    assert not wrong, f"(lock-intensive count, top tasks) out of order: {wrong}"
    assert perf.returncode == 0
    assert ahead >= 2, f"no sample listed a classified task ahead of a larger share: {samples}"


def bpf_cost(m):
    """{program: (runs, mean ns)} from the bpf_cost statistic."""
    out = {}
    for e in m["bpf_cost"].split():
        name, runs, ns = e.rsplit(":", 2)
        out[name] = (int(runs), int(ns))
    return out


@pytest.mark.every_kernel
def test_bpf_stats_report_each_program():
    """--bpf-stats: the kernel's run-time statistics of every program, read back through the
    stats: the callbacks ran, and no futex probe ran although futex lock waits were counted
    (the default recognises them in stopping(), docs/benchmarks.md §34)."""
    p = start("--bpf-stats", "--max-ssc", "2")
    st = Stats()
    first = bpf_cost(st.get())
    w = Workload("mutex", "--lock-threads", "4", "--cpu-threads", "0", "--duration", "4",
                 "--cs-ns", "2000", "--outside-ns", "500")
    w.result()
    last = bpf_cost(st.get())
    st.close()
    assert state() == "enabled" and ops().startswith("lockaware"), (state(), ops())
    out = stop(p)
    print(out, first, last, st.totals)
    for prog in ("enqueue", "running", "stopping", "select_cpu"):
        assert prog in last, f"{prog} missing from {last}"
        runs, ns = last[prog]
        assert runs > first.get(prog, (0, 0))[0] and ns > 0, (prog, first, last)
    assert "read at each sleep" in out, out
    assert st.totals["futex_waits"] > 0, st.totals
    probes = [prog for prog in last if "futex" in prog]
    assert not probes, f"futex probes ran: {probes}"


@pytest.mark.every_kernel
def test_kernel_lock_contention_is_seen():
    """Threads mmap/munmap a shared memfd: the mmap lock (an rwsem) contends and the
    lock:contention_* tracepoints attribute waits to those threads."""
    p = start()
    st = Stats()
    st.get()
    w = Workload("mmap", "--threads", "4", "--duration", "8")
    tids = set(w.tids(4))
    seen = set()
    while w.p.poll() is None:
        time.sleep(1)
        seen |= set(top_tasks(st.get()).keys())
    res = w.result()
    st.get()
    st.close()
    stop(p)
    assert res["ops"] > 0
    assert st.totals["klock_waits"] > 0, st.totals
    assert seen & tids, f"no mmap thread among the lock waiters {seen} (tids {tids})"


def pipe_klock(*args):
    """stress-ng pipe (each writer and its reader contend on their pipe's mutex, about 100,000
    times a second per CPU in these guests) for 5 s under the scheduler started with `args`
    and an SSC fixed at every CPU: kernel lock waits traced and seen, per second per CPU, and
    the tasks classified. With the search, a run whose search confined the pipes to fewer
    CPUs saw fewer contentions (8,200 a second per CPU once, session 60: they contend only
    across CPUs, docs/benchmarks.md section 79), which measures the search, not the sampling."""
    p = start("--ssc-cpus", f"0-{os.cpu_count() - 1}", *args)
    st = Stats()
    st.get()
    t0 = time.monotonic()
    subprocess.run(["stress-ng", "--pipe", str(max(1, os.cpu_count() // 2)), "--timeout", "5",
                    "-q"], check=True, timeout=120)
    time.sleep(0.1)  # the CPUs' last contention counts come with their next tick
    st.get()
    cpu_s = (time.monotonic() - t0) * os.cpu_count()
    st.close()
    assert state() == "enabled" and ops().startswith("lockaware"), (state(), ops())
    out = stop(p)
    print(args, st.totals, out[-600:])
    return st.totals["klock_waits"] / cpu_s, st.totals["klock_seen"] / cpu_s, st.totals["lock_in"]


def test_kernel_lock_waits_are_sampled_above_the_trace_rate():
    """--klock-trace-rate 0 traces every contention; at a rate several times below what the
    CPUs see (2000 a second per CPU, or a sixth of what the first run saw on a slower host:
    7,800-9,300 seen here in session 71, 10,000 and more before), they trace one in 2^k, at
    most about that many a second (k follows the last 10 ms and rises at once when a period
    has traced its share; the bound allows twice), and the pipe's tasks are still classified
    from the sampled waits, each counted 2^k times. Before k rose within a period, quiet
    periods that turned busy traced everything: 3,100 a second per CPU here, 5,000 with
    another rule (docs/benchmarks.md section 78)."""
    traced, seen, classified = pipe_klock("--klock-trace-rate", "0")
    assert seen > 6000, f"stress-ng pipe contended {seen:.0f} times a second per CPU: too few"
    assert traced >= 0.95 * seen, (traced, seen)
    assert classified > 0
    rate = min(2000, int(seen / 6) // 100 * 100)
    traced, seen, classified = pipe_klock("--klock-trace-rate", str(rate))
    assert seen > 6000, f"stress-ng pipe contended {seen:.0f} times a second per CPU: too few"
    assert rate / 10 < traced <= 2 * rate and traced < seen / 4, (rate, traced, seen)
    assert classified > 0


def test_kernel_lock_probes_pause_while_the_ssc_confines_nothing():
    """--klock-pause-ms: once the search has settled at an SSC of every CPU (here the only size
    --min-ssc leaves it) while the CPUs contend more often than they time (stress-ng pipe,
    above --klock-trace-rate 1000 a CPU), the contention tracepoints are detached: no
    contention is seen while paused, the class stays as it was (its tasks neither leave nor are
    joined), and the probes come back (attached again, they see contentions) after the pause,
    for a window, and pause again; when the class's tasks exit, at once. The kernel's state
    reads the scheduler attached all along (attached, the tracepoints cost the pipe about a
    tenth of its speed, docs/benchmarks.md section 95)."""
    n = os.cpu_count()
    p = start("--min-ssc", str(n), "--klock-trace-rate", "1000", "--klock-pause-ms", "1500")
    st = Stats()
    st.get()
    pipe = subprocess.Popen(["stress-ng", "--pipe", str(max(1, n // 2)), "--timeout", "7", "-q"])
    samples = []  # (paused, contentions seen since the previous sample, lock tasks)
    while pipe.poll() is None:
        time.sleep(0.25)
        m = st.get()
        # A sample the pipe's tasks may have exited before tells nothing of the class.
        if pipe.poll() is None:
            samples.append((m["klock_paused"], m["klock_seen"], m["nr_lock_tasks"]))
        assert state() == "enabled" and ops().startswith("lockaware"), (state(), ops())
    assert pipe.returncode == 0
    resumed = wait_for(lambda: st.get()["klock_paused"] == 0, 2.0)
    m = st.get()
    st.close()
    out = stop(p)
    print(samples, m["klock_pauses"], "stale waits dropped:", st.totals.get("klock_stale"),
          out[-800:])
    assert resumed, "the probes stayed paused after the class's tasks exited"
    assert m["klock_pauses"] >= 2, f"paused {m['klock_pauses']} times in 7 s: {samples}"
    # Samples taken while paused since the sample before: the CPUs' last counts before the
    # pause come with their next tick (10 ms), so allow a trace of them.
    both = [(b, lock) for (pa, _, _), (pb, b, lock) in zip(samples, samples[1:]) if pa and pb]
    assert both, f"never paused for two samples in a row: {samples}"
    assert sum(b for b, _ in both) <= 0.02 * max(b for _, b, _ in samples) * len(both), samples
    assert all(lock >= 2 for _, lock in both), f"the class changed while frozen: {samples}"
    # Back, the probes see contentions again: in a sample taken unpaused, or in the one after
    # it (the window the probes came back for often falls between two samples, the second
    # taken paused again, and the CPUs' counts come with their next tick).
    first = next(i for i, (pa, _, _) in enumerate(samples) if pa)
    back = [b for (pa, _, _), (pb, b, _) in zip(samples[first:], samples[first + 1:])
            if not pa or not pb]
    assert back and max(back) > 0, f"no contention seen after the first pause: {samples}"


def test_a_sync_wakee_on_the_ssc_queue_spares_its_waker():
    """stress-ng pipe's writer streams 512-byte writes to its reader, each a sync wake-up.
    With the SSC fixed at one CPU of the two they may use, the pair is classified by its
    pipe mutex's contention and confined to that CPU, where the reader, woken onto the SSC
    queue, finds the writer running. The writer is not preempted for it (ssc_sync_spared): it
    fills the pipe and sleeps, or its slice ends, and the CPU then serves the queue, so the
    reader still runs (stress-ng counts its reads). Session 59's build preempted the writer
    at such wake-ups (ssc_wake_preempt, 6,200 a second at 2 vCPUs), and the two alternated
    every few writes: confined to one CPU the pipe ran at 0.17 of EEVDF's speed on two, 0.42
    since, which is where a search that settles at 1 CPU leaves it (docs/benchmarks.md
    section 79)."""
    p = start("--ssc-cpus", "1")
    st = Stats()
    st.get()
    w = subprocess.run(["taskset", "-c", "0-1", "stress-ng", "--pipe", "1", "--timeout", "5",
                        "--metrics-brief"], capture_output=True, text=True, timeout=120)
    st.get()
    st.close()
    assert state() == "enabled" and ops().startswith("lockaware"), (state(), ops())
    stop(p)
    ops_s = [float(f[8]) for f in (line.split() for line in w.stdout.splitlines() + w.stderr.splitlines())
             if len(f) > 8 and f[3] == "pipe" and f[4].isdigit()]
    print(st.totals, ops_s)
    assert w.returncode == 0 and ops_s and ops_s[0] > 0, (w.returncode, w.stdout, w.stderr)
    t = st.totals
    assert t["lock_in"] > 0, "the pipe's tasks were not classified"
    assert t["ssc_enq"] > 100, "the pipe's tasks did not wait on the SSC queue"
    assert t["ssc_sync_spared"] > 100, t
    assert t["ssc_wake_preempt"] < t["ssc_sync_spared"], t


def xcall_run(*args):
    """mmap threads (one mmap_lock, and TLB shootdowns when they unmap on several CPUs) under
    an SSC fixed at CPUs 0-1: the scheduler's startup output and p_xcall of each second."""
    p = start("--ssc-cpus", "0-1", *args)
    st = Stats()
    st.get()
    w = Workload("mmap", "--threads", "4", "--duration", "6")
    seen = []
    while w.p.poll() is None:
        time.sleep(1)
        m = st.get()
        seen.append((m["p_xcall"], m["thro"], m["nr_lock_tasks"]))
    res = w.result()
    st.close()
    assert state() == "enabled" and ops().startswith("lockaware"), (state(), ops())
    return stop(p), seen, res


def test_waits_for_other_cpus_are_waste_in_the_search_votes():
    """The lock-intensive tasks' waits for other CPUs (synchronous cross-CPU calls: a munmap's
    TLB shootdown while a sibling thread runs on the other SSC CPU) reach the search's votes
    (p_xcall, taken out of thro; docs/benchmarks.md §41), and --no-xcall-waits turns the
    probe off."""
    out, seen, res = xcall_run()
    print(out, seen, res)
    assert "waits for other CPUs fentry/fexit on_each_cpu_cond_mask" in out, out
    assert res["ops"] > 0
    assert any(n > 0 for _, _, n in seen), f"no lock-intensive task: {seen}"
    assert max(x for x, _, _ in seen) > 0.01, f"no wait for other CPUs counted: {seen}"
    out, seen, res = xcall_run("--no-xcall-waits")
    print(out, seen, res)
    assert "waits for other CPUs off" in out, out
    assert all(x == 0 for x, _, _ in seen), seen


def whole_run(n):
    """4 threads on one pthread mutex under a search held at `n` CPUs (--min-ssc = --max-ssc,
    so that the search runs and reads its votes): the summed stats."""
    p = start("--initial-ssc", str(n), "--min-ssc", str(n), "--max-ssc", str(n))
    st = Stats()
    st.get()
    w = Workload("mutex", "--lock-threads", "4", "--cpu-threads", "0", "--duration", "6",
                 "--cs-ns", "2000", "--outside-ns", "500")
    lock_tasks, votes = 0, 0.0
    while w.p.poll() is None:
        time.sleep(1)
        m = st.get()
        lock_tasks = max(lock_tasks, m["nr_lock_tasks"])
        votes += m["votes_run_ms"]
    res = w.result()
    st.close()
    assert state() == "enabled" and ops().startswith("lockaware"), (state(), ops())
    stop(p)
    return st.totals, lock_tasks, votes, res


def test_an_ssc_of_every_cpu_places_lock_tasks_as_any_other():
    """An SSC that holds every CPU confines nothing: lock-intensive tasks then take the path
    of any other task (idle CPU, their CPU's own queue and its wake-up preemption), not the
    SSC queue, whose shared queue and wakee preemption only cost there (stress-ng flock at 2
    vCPUs, docs/benchmarks.md section 63). The search's votes are still counted, so it
    still measures that size. An SSC of 2 of the 4 CPUs still queues them on the SSC."""
    nproc = os.cpu_count()
    tot, lock_tasks, votes, res = whole_run(nproc)
    print("whole", tot, lock_tasks, votes, res)
    assert res["ops"] > 0
    assert lock_tasks >= 3, f"lock-intensive tasks: {lock_tasks}"
    assert tot["ssc_whole"] > 100, tot
    assert tot["ssc_enq"] == 0 and tot["ssc_direct"] == 0, tot
    assert votes > 0, "no search votes under an SSC of every CPU"
    tot, lock_tasks, votes, res = whole_run(2)
    print("half", tot, lock_tasks, votes, res)
    assert lock_tasks >= 3, f"lock-intensive tasks: {lock_tasks}"
    assert tot["ssc_whole"] == 0, tot
    assert tot["ssc_enq"] + tot["ssc_direct"] > 100, tot


def test_phase_change_shrinks_the_lock_intensive_set():
    """Lock threads stop contending after 8 s: they leave the class (hysteresis) within 2 s,
    the stats' lag included (a classified task with no lock wait for class_quiet_ns, 0.25 s,
    leaves whatever its dwell: the pair test below provokes a grown dwell)."""
    p = start("--max-ssc", "2")
    st = Stats()
    st.get()
    w = Workload("mutex", "--lock-threads", "4", "--cpu-threads", "0", "--duration", "20",
                 "--phase-s", "8", "--cs-ns", "2000", "--outside-ns", "500")
    t0 = time.monotonic()
    before, after = [], []
    while w.p.poll() is None:
        n = st.get()["nr_lock_tasks"]
        el = time.monotonic() - t0
        if 3 < el < 8:
            before.append(n)
        elif el > 10:
            after.append(n)
        time.sleep(0.5)
    w.result()
    st.close()
    stop(p)
    assert before and max(before) >= 3, f"lock-intensive tasks during contention: {before}"
    assert after and max(after) <= 1, f"lock-intensive tasks after the phase change: {after}"


def test_two_threads_on_one_mutex_stay_lock_intensive():
    """Two threads on one glibc mutex, a CPU each, sleep in it for only a few percent of their
    time and spend a fifth in the kernel on it: their lock-wait share counts that system time
    (lock_sys_ns), so they are classified; confined to one CPU they hardly wait, leave the
    class, contend again and come back, and each quick return doubles the time before they
    may leave again (class_dwell_ns), so they stay in the class for most of the run. Before
    both rules the pair was lock-intensive in none or few of the samples (docs/benchmarks.md
    section 64). Confined, they still wait now and then, so only the dwell (1 s, up to 10 s)
    lets them leave, not the quiet rule (no lock wait for 0.25 s); with a 0.1-s dwell capped at
    2 s (until session 55) they left and came back 13-17 times in the 10 s and were both in
    the class in 55-80% of the samples: the test failed one run in two (section 74). Only the time inside futex(2) counts (sampled at the tick, since session 46;
    on by default, --no-lock-sys-share turns it off). The dwell doubles from 1 s: in the first
    10 s each thread still leaves two or three times (0.1-1 s out each time), which put the
    pair in the class in 60-90% of 3-9.5 s and failed CI twice; 20 s judged from 4 s on
    cover the longer dwells too (section 75). What the dwell decides is how often they leave:
    at most 12 exits in the 20 s (6-8 in the runs measured; 13-17 in 10 s with the old rule,
    section 74). How long a worker stays out is the guest's doing: it comes back once its
    share passes the entry mark (10%), and in CI's slower guest a worker's share out of the
    class read 3-7% for 2 s at a time, which put the pair in the class in 18 of 26 samples
    with 8 exits (section 79); so the samples are held to most of the run, over half."""
    p = start()
    st = Stats()
    st.get()
    w = Workload("counter", "--lock", "mutex", "--workers", "2", "--duration", "20")
    workers = set(w.tids(2))
    t0 = time.monotonic()
    samples = []
    while w.p.poll() is None:
        m = st.get()
        if 4 < time.monotonic() - t0 < 19.5:
            # The workers by thread id, flagged in the top list (classified tasks come first):
            # CI once counted a third classified task (the workload's main thread or another
            # task), so the count alone does not say which tasks are in the class.
            top = top_tasks(m)
            samples.append((m["nr_lock_tasks"],
                            sum(1 for t in workers if top.get(t, (0, False))[1]), top))
        time.sleep(0.5)
    w.result()
    st.close()
    # Still this scheduler, attached all along (the counts came from its own socket).
    assert state() == "enabled" and ops().startswith("lockaware"), (state(), ops())
    stop(p)
    print(workers, samples, st.totals)
    assert len(samples) >= 20, samples
    assert sum(n == 2 for _c, n, _t in samples) > 0.5 * len(samples), samples
    assert st.totals["lock_in"] >= 2, st.totals
    assert st.totals["lock_out"] <= 12, st.totals

def pair_that_stops_waiting(duration, *args):
    """Two threads on one mutex that stop taking it after 8 s and only compute, under
    scx_lockaware started with @args: every 0.25 s, (seconds since the start, how many of the
    two are in the class), and the scheduler's counts over the run."""
    p = start(*args)
    st = Stats()
    st.get()
    w = Workload("mutex", "--lock-threads", "2", "--cpu-threads", "0", "--duration", str(duration),
                 "--phase-s", "8", "--cs-ns", "2000", "--outside-ns", "500")
    workers = set(w.tids(2))
    t0 = time.monotonic()
    samples = []
    while w.p.poll() is None:
        top = top_tasks(st.get())
        samples.append((round(time.monotonic() - t0, 1),
                        sum(1 for t in workers if top.get(t, (0, False))[1])))
        time.sleep(0.25)
    w.result()
    st.close()
    assert state() == "enabled" and ops().startswith("lockaware"), (state(), ops())
    stop(p)
    print(workers, samples, st.totals)
    return samples, st.totals


def test_a_pair_that_stops_waiting_leaves_the_class_at_once():
    """Two threads on one mutex (a pair that confinement keeps waiting now and then, so its
    dwell grows: the test above) stop taking the lock after 8 s and only compute: with no lock
    wait for class_quiet_ns (0.25 s) they leave the class whatever their dwell, so from 1 s
    after the change on (the stats' lag included) neither is in it. Under the rule before
    session 55 a dwell grown to 1-2 s kept them there that long (docs/benchmarks.md
    section 74). The second to leave is alone on its SSC CPU once the first has gone: its CPU
    keeps it running, and until session 56 it was judged only when something else came to
    that CPU (0.8-1.2 s after the change, a failure one CI run in a few; section 75)."""
    samples, totals = pair_that_stops_waiting(12)
    before = [n for el, n in samples if 3 < el < 7.5]
    after = [(el, n) for el, n in samples if el > 9]
    assert before and sum(n == 2 for n in before) >= len(before) / 2, before
    assert after and all(n == 0 for _el, n in after), after
    # The premise: the pair's dwell grew by quick returns. A host slow enough keeps the pair
    # waiting throughout, so that it never leaves before the change (session 71's host: 0
    # returns in 5 runs of 6, with the build before too, docs/benchmarks.md section 88.4); the
    # rule was then not tested against a grown dwell, which is not a failure of it.
    if totals["lock_reenter"] < 1:
        pytest.skip(f"the pair never left and re-entered the class before the change: {totals}")


def test_the_class_flags_reach_the_scheduler():
    """--class-quiet-ms and --class-dwell-ms set the leave rules: with a dwell of 600 s only
    the quiet rule can take a task out of the class, and with --class-quiet-ms 2500 it does so
    2.5 s after the last lock wait, not 0.25 s. The pair of the test above stops taking its
    mutex after 8 s: it stays in the class before the change and for the first second after
    it (the default would have it out within 0.5 s), and is out from 4 s after it on."""
    samples, _totals = pair_that_stops_waiting(14, "--class-dwell-ms", "600000",
                                               "--class-dwell-max-ms", "600000",
                                               "--class-quiet-ms", "2500")
    before = [n for el, n in samples if 3 < el < 7.5]
    soon = [(el, n) for el, n in samples if 8.3 < el < 9.3]
    later = [(el, n) for el, n in samples if el > 12]
    assert before and sum(n == 2 for n in before) >= 0.8 * len(before), before
    assert soon and all(n == 2 for _el, n in soon), soon
    assert later and all(n == 0 for _el, n in later), later


def test_only_time_inside_futex_counts_as_lock_system_time():
    """The lock system time is a task's time inside futex(2), not its whole system time (session
    46). Two processes of two threads each take their own mutex (10 us critical sections) and
    spend the time between in system calls that return at once: futex(2) wakes of a word
    nobody waits on in one, getppid(2) in the other, nothing else different. Both sleep on
    their mutex for a few percent of their time and spend about half of it in the kernel
    (/proc's utime and stime).
    The futex threads' lock-wait share counts their calls; the getppid threads' share is their
    mutex sleeps alone. The SSC holds every CPU (nothing is confined), so that a class does
    not change the waits it is measured by. Counting all of p->stime (session 45's
    --lock-sys-share) gave both pairs the same share."""
    p = start("--initial-ssc", "4", "--min-ssc", "4", "--max-ssc", "4")
    st = Stats()
    st.get()
    args = ("mutex", "--lock-threads", "2", "--cpu-threads", "0", "--cs-ns", "10000",
            "--outside-ns", "90000", "--duration", "10", "--outside-in")
    fx, gp = Workload(*args, "futex"), Workload(*args, "getppid")
    fx_tids, gp_tids = set(fx.tids(2)), set(gp.tids(2))
    t0 = time.monotonic()
    fx_shares, gp_shares = [], []
    while fx.p.poll() is None or gp.p.poll() is None:
        m = st.get()
        if 3 < time.monotonic() - t0 < 9.5:
            # A thread missing from the top list has a share below the listed ones: 0 here.
            top = top_tasks(m)
            fx_shares += [top.get(t, (0.0, False))[0] for t in fx_tids]
            gp_shares += [top.get(t, (0.0, False))[0] for t in gp_tids]
        time.sleep(0.5)
    fx_res, gp_res = fx.result(), gp.result()
    st.close()
    assert state() == "enabled" and ops().startswith("lockaware"), (state(), ops())
    stop(p)
    fx_med, gp_med = sorted(fx_shares)[len(fx_shares) // 2], sorted(gp_shares)[len(gp_shares) // 2]
    print("futex threads' shares %:", fx_shares, "getppid threads':", gp_shares)
    assert fx_res["ops"] > 1000 and gp_res["ops"] > 1000, (fx_res, gp_res)
    assert len(fx_shares) >= 16, fx_shares
    # Measured (6.12, 4 vCPUs): medians 17-20% (futex) against 4-5% (getppid); 19% and 18%
    # with session 45's rule; 2-5% for both without one.
    assert fx_med >= 10.0, f"futex(2) time not counted: median {fx_med}% {fx_shares}"
    assert gp_med <= fx_med / 2, f"getppid(2) time counted: medians {fx_med}%, {gp_med}%"


def test_votes_count_futex_time_whatever_the_lock_waits():
    """The search's votes count a lock-intensive task's time inside futex(2) as waste whether
    or not its lock waits pass the share's gate (session 47). Two threads take one mutex and
    spend the time between in futex(2) wakes of a word nobody waits on (about half of their
    time in the call). Spread over the CPUs they contend and are classified; confined to a
    1-CPU SSC (--max-ssc 1) they take turns and hardly sleep on the mutex, under the gate's
    1% of their time, and the class's dwell keeps them in it. Session 46 counted their futex
    time in the votes only under that gate: the windows' p_sys read about 0 at 1 CPU, the
    same gate lagged the search's moves, and the probe of 2 CPUs for two threads on one
    mutex read twice the work they did (docs/benchmarks.md section 66)."""
    p = start("--max-ssc", "1")
    st = Stats()
    st.get()
    w = Workload("mutex", "--lock-threads", "2", "--cpu-threads", "0", "--cs-ns", "10000",
                 "--outside-ns", "90000", "--duration", "10", "--outside-in", "futex")
    tids = set(w.tids(2))
    t0 = time.monotonic()
    samples = []
    while w.p.poll() is None:
        m = st.get()
        if 3 < time.monotonic() - t0 < 9.5 and m["ssc_size"] == 1 and m["votes_run_ms"] > 0:
            top = top_tasks(m)
            if all(top.get(t, (0, False))[1] for t in tids):
                samples.append(m["p_sys"])
        time.sleep(0.25)
    res = w.result()
    st.close()
    assert state() == "enabled" and ops().startswith("lockaware"), (state(), ops())
    stop(p)
    print("p_sys of windows with both threads classified at 1 CPU:", samples)
    assert res["ops"] > 1000, res
    assert len(samples) >= 6, f"the pair was not classified at 1 CPU often enough: {samples}"
    med = sorted(samples)[len(samples) // 2]
    assert med >= 0.15, f"the votes miss the pair's futex(2) time: median p_sys {med} {samples}"


def search_run(*args, hogs=2, cs_ns=2000, outside_ns=500):
    """scx_lockaware with a 500-ms window (5 parts of 100 ms) and `args`, under 4 threads on
    one mutex (`cs_ns` inside, `outside_ns` outside) beside `hogs` CPU hogs for 10 s: its
    search decisions (time -> "old->new:action:thro") and its last stats."""
    p = start("--interval-ms", "500", *args)
    st = Stats()
    st.get()
    w = Workload("mutex", "--lock-threads", "4", "--cpu-threads", str(hogs), "--duration", "10",
                 "--cs-ns", str(cs_ns), "--outside-ns", str(outside_ns))
    moves, last = {}, {}
    while w.p.poll() is None:
        last = st.get()
        for e in last["search_decisions"].split():
            at, rest = e.split("s:", 1)
            moves[float(at)] = rest
        time.sleep(0.5)
    w.result()
    assert state() == "enabled" and ops().startswith("lockaware"), (state(), ops())
    st.close()
    stop(p)
    print(args, moves, last["search_early_windows"], last["search_phase"])
    return moves, last


def test_settle_window_follows_each_resize():
    """--settle-ms: the window after each SSC resize (which the search drops) is shorter, so
    the search's next decision comes sooner. With --interval-ms 500 --settle-ms 100 the steps
    fall on a 500-ms grid that each resize shifts by 100 ms: a decision follows a resize by
    a multiple of 0.5 s plus 0.1 s (without the flag, 1.5 s in a run that grew 1, 2, 4, then
    probed 3 and settled at 2: 2.5, 4.0, 5.5, 7.0 s; with it 2.5, 3.6, 4.7, 5.8 s). Windows
    that end early (--early-parts, test below) would leave the grid: off here."""
    moves, _ = search_run("--settle-ms", "100", "--early-parts", "0")
    times = sorted(moves)

    def resized(rest):  # "2->4:Grow:1.263"; a Settle may keep the size
        old, new = rest.split(":", 1)[0].split("->")
        return old != new

    pairs = [(a, b) for a, b in zip(times, times[1:]) if resized(moves[a])]
    assert pairs, f"no resize followed by another decision: {moves}"
    for a, b in pairs:
        # Times are printed to 0.1 s; a step may run up to a few tens of ms late.
        off = round((b - a - 0.1) / 0.5, 1)
        assert abs(off - round(off)) <= 0.2, f"{a} -> {b}: not 0.1 s past the 0.5-s grid ({moves})"


def test_a_window_that_decides_alone_ends_early():
    """--early-parts (default 2): a judged window ends after any part from the second on
    whose parts so far decide a move alone (Search::decides_early); search_early_windows
    counts such windows. In these guests a window decides alone only by a wide margin (thro
    beyond 1.5 times the bar, or a gap of 5 standard errors of its parts). 4 threads on one
    mutex that they hold a twentieth of their time (1 us inside, 20 us outside), classified by
    --lock-threshold 1: 2 CPUs do nearly twice 1 CPU's work (session 75: thro 0.96-1.0 at 1,
    1.66-1.72 at 2), and the grow to 4 came 0.3-0.4 s after the grow to 2 (the window after
    it ends when the tasks have followed, then 2 parts of 100 ms) in 3 runs of 3. A stop never
    ends a window early (session 75: two parts right after a resize can read a transient,
    docs/benchmarks.md section 93): the same threads with 2 us inside and 0.5 us outside
    grow from 1 to 2 and lose there by far (session 71: thro 0.77 at 1, 0.59 at 2), and the
    return to 1 takes its whole 500-ms window. With --early-parts 0 every judged window
    lasts its 500 ms and none is counted. The first case has one window that can end early
    (the one after the grow to 2; the stop at 4 never does), and in one run of a throw-away
    build it read within the margin and took its whole window (1->2 at 2.5 s, 2->4 at 3.0 s;
    docs/benchmarks.md section 98.6), so that case gets a second run if the first ends none
    early."""
    runs = []
    for _ in range(2):
        moves, last = search_run("--lock-threshold", "1", hogs=0, cs_ns=1000, outside_ns=20000)
        assert moves, "the search decided nothing"
        runs.append((moves, last["search_early_windows"]))
        if last["search_early_windows"] >= 1:
            break
    assert runs[-1][1] >= 1, runs
    moves, last = search_run(hogs=0)
    grows = [t for t, m in moves.items() if m.startswith("1->2:Grow")]
    settles = [t for t, m in moves.items() if m.startswith("2->1:Settle")]
    assert grows and settles, f"no climb to 2 and back: {moves}"
    # The window after the grow ends once the tasks have followed, then a whole judged one
    # of 500 ms (times are printed to 0.1 s; a stop on 2 parts came 0.3 s after the grow).
    assert min(settles) - min(grows) >= 0.45, moves
    assert last["search_early_windows"] == 0, (moves, last["search_early_windows"])
    moves, last = search_run("--lock-threshold", "1", "--early-parts", "0", hogs=0,
                             cs_ns=1000, outside_ns=20000)
    assert moves, "the search decided nothing"
    assert last["search_early_windows"] == 0, (moves, last["search_early_windows"])


def test_a_narrow_loss_is_rechecked():
    """--ssc-recheck-ms (2000 by default): a search that stopped below a larger SSC size that
    lost to it narrowly (it paid at least half the price of its CPUs, RECHECK_PAID) probes
    that size again once the wait has passed, against the stopped size's current reading
    (Search::schedule_recheck); search_rechecks counts the probes. The threads of the test
    above that 2 CPUs serve nearly twice as fast as 1 (thro 0.96-1.0 at 1, 1.66-1.72 at 2)
    lose narrowly at 2 when a CPU's price is 0.9 (--ssc-cpu-cost 0.8 plus thro's bias 0.1:
    the bar is 1.92, half the price paid 1.47): with a 1-s wait the search moves to 2 again
    at least a second after each stop at 1; with --ssc-recheck-ms 0 it never re-checks. The
    threads that lose by far at 2 (2 us inside, 0.5 us outside: 0.59 against 0.77) are not
    re-checked."""
    narrow = ("--lock-threshold", "1", "--ssc-cpu-cost", "0.8")
    moves, last = search_run(*narrow, "--ssc-recheck-ms", "1000", hogs=0, cs_ns=1000,
                             outside_ns=20000)
    times = sorted(moves)
    # "old->new:Action:thro"; a stop (Settle, Revert) at 1 may come on a refine probe of 1.
    stops = [t for t in times if moves[t].split(":")[0].endswith("->1")
             and moves[t].split(":")[1] in ("Settle", "Revert")]
    assert stops, f"no stop at 1 after judging 2: {moves}"
    assert last["search_rechecks"] >= 1, (moves, last["search_rechecks"])
    # A re-check is a probe from the stopped size: it comes the wait (times printed to
    # 0.1 s) after the stop before it, never sooner.
    rechecks = [t for t in times if t > stops[0] and moves[t].startswith("1->2:Probe")]
    assert rechecks, f"no probe of 2 after the stop at {stops[0]} s: {moves}"
    for t in rechecks:
        before = max(s for s in stops if s < t)
        assert t - before >= 0.9, f"re-check at {t} s, {t - before:.1f} s after the stop ({moves})"
    moves, last = search_run(*narrow, "--ssc-recheck-ms", "0", hogs=0, cs_ns=1000,
                             outside_ns=20000)
    assert last["search_rechecks"] == 0, (moves, last["search_rechecks"])
    moves, last = search_run("--ssc-recheck-ms", "1000", hogs=0)
    assert any(m.startswith("2->1:") for m in moves.values()), f"no stop back at 1: {moves}"
    assert last["search_rechecks"] == 0, (moves, last["search_rechecks"])


def test_window_after_a_resize_ends_when_the_tasks_have_followed():
    """Without --settle-ms the window after each SSC resize, which the search drops, lasts
    until the tasks have followed the new SSC (ssc_follow_ms: every SSC CPU has started a
    lock-intensive task, none runs outside), checked every 5 ms: settle_window_ms is that
    time plus the check's delay, not the full 500-ms window."""
    p = start("--interval-ms", "500")
    st = Stats()
    st.get()
    w = Workload("mutex", "--lock-threads", "4", "--cpu-threads", "2", "--duration", "10",
                 "--cs-ns", "2000", "--outside-ns", "500")
    seen = set()
    while w.p.poll() is None:
        s = st.get()
        if s["settle_window_ms"] >= 0:
            seen.add((s["ssc_follow_ms"], s["settle_window_ms"], s["search_decisions"]))
        time.sleep(0.2)
    w.result()
    assert state() == "enabled" and ops().startswith("lockaware"), (state(), ops())
    st.close()
    stop(p)
    print(sorted(seen))
    assert seen, "the search never resized the SSC"
    for follow, window, moves in seen:
        if follow < 0:  # a window that ended without the tasks following
            assert window >= 495, (follow, window, moves)
            continue
        # The agent checks every 5 ms; a TCG guest wakes it late by some ms, and a 4-vCPU
        # guest on a 2-core host now and then by over 100 ms (CI, session 62: a window of
        # 149 ms after tasks that followed in 13 ms). Every window still ends well before
        # the full one (>= 495 ms) it would last if "followed" did not end it ...
        assert follow <= window <= follow + 5 + 200, (follow, window, moves)
    # ... and at least one ends at the agent's first checks after the tasks followed.
    assert any(0 <= f < 100 and w <= f + 5 + 60 for f, w, _ in seen), \
        f"no resize followed within 100 ms and ended within 65 ms of it: {seen}"


def test_the_search_drops_the_window_after_a_resize_once_the_tasks_have_followed():
    """The window after each resize is dropped by the search, and the agent ends it once the
    tasks have followed: the search must take that short window as the one it drops. Until
    session 40 it waited for a judged window's votes there, and dropped the next full window
    too (docs/locksim.md, "The window after a move, as the agent ends it"). With a 500-ms
    window the search's decision on the dropped window (a "search:" line at -v) comes at the
    agent's first check after "followed" (every 5 ms; a TCG guest wakes it late by some ms),
    not a window later."""
    p = start("--interval-ms", "500", "-v")
    lines = []

    def read():
        for raw in p.stdout:
            lines.append((time.monotonic(), raw.decode(errors="replace")))

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    w = Workload("mutex", "--lock-threads", "4", "--cpu-threads", "2", "--duration", "10",
                 "--cs-ns", "2000", "--outside-ns", "500")
    w.result()
    assert state() == "enabled" and ops().startswith("lockaware"), (state(), ops())
    p.send_signal(signal.SIGINT)
    assert p.wait(timeout=10) == 0
    reader.join(timeout=5)
    checked = []
    for i, (t, line) in enumerate(lines):
        if "CPUs followed in" not in line:
            continue
        after = [u for u, later in lines[i + 1:] if "search: size" in later]
        if after:
            checked.append(round((after[0] - t) * 1e3, 1))
    print(checked)
    assert checked, "no resize followed, or no decision after one: " + "".join(
        line for _, line in lines if "SSC" in line)
    # Before the fix every gap was a window (500 ms) long. A window in which fewer tasks
    # were lock-intensive than the SSC has CPUs waits by design (Search::feed), so not every
    # gap need be short: at least half must.
    fast = [c for c in checked if c < 150]
    assert fast and 2 * len(fast) >= len(checked), checked


def test_other_tasks_may_use_idle_ssc_cpus():
    """Decision (README): tasks that are not lock-intensive may run on idle SSC CPUs. With a
    fixed SSC of CPUs 0-1 and no lock work, 4 CPU hogs use all 4 CPUs."""
    p = start("--ssc-cpus", "0-1")
    st = Stats()
    assert st.get()["ssc_cpus"] == "0-1"
    hogs = [subprocess.Popen(["sh", "-c", "while :; do :; done"]) for _ in range(4)]
    try:
        used = set()
        for _ in range(10):
            time.sleep(0.5)
            for h in hogs:
                pl = thread_cpu(h.pid, h.pid)
                if pl and pl[1] == "R":
                    used.add(pl[0])
    finally:
        for h in hogs:
            h.kill()
        st.close()
        stop(p)
    assert {0, 1} & used, f"hogs never ran on SSC CPUs: {used}"


@pytest.mark.parametrize("args,flag", [
    (["--max-ssc", "99"], "--max-ssc"),
    (["--min-ssc", "3", "--max-ssc", "2"], "--min-ssc"),
    (["--initial-ssc", "0"], "--initial-ssc"),
    (["--ssc-cpus", "0-99"], "--ssc-cpus"),
    (["--search", "fast"], "--search"),
    (["--lock-threshold", "0"], "--lock-threshold"),
    (["--retrigger-band", "-1"], "--retrigger-band"),
    (["--interval-ms", "100", "--settle-ms", "101"], "--settle-ms"),
    (["--thro-bias", "2"], "--thro-bias"),
    (["--unseen-lock-traffic", "11"], "--unseen-lock-traffic"),
    (["--window-parts", "21"], "--window-parts"),
    (["--early-parts", "1"], "--early-parts"),
    (["--window-parts", "3", "--early-parts", "3"], "--early-parts"),
    (["--class-dwell-ms", "2000", "--class-dwell-max-ms", "1000"], "--class-dwell-max-ms"),
    (["--class-quiet-ms", "0"], "--class-quiet-ms"),
    (["--class-reenter-ms", "600001"], "--class-reenter-ms"),
])
def test_invalid_ssc_flags_refused_before_load(args, flag):
    seq0 = (SCX / "enable_seq").read_text()
    r = subprocess.run([str(BIN), *args], capture_output=True, text=True, timeout=30)
    assert r.returncode == 2, r
    assert flag in r.stderr and args[-1] in r.stderr, r.stderr
    assert state() == "disabled"
    assert (SCX / "enable_seq").read_text() == seq0, "something was loaded"
