"""VM tests of scx_lockaware's informing hints (issue #12, docs/inform.md): threads of a
program linked with libinform register their hints through the uprobe, the scheduler reads
them (holder extensions in its statistics), and a process that claims to hold a lock all the
time cannot starve a CPU-bound victim. Needs tools/inform-build target/inform (tools/test.sh
runs it). Every test fails, never skips, when the scheduler did not attach. Of the two tests of
the rseq time-slice extension, the one for the kernel the guest runs runs and the other skips."""
import json
import os
import subprocess
import time
from pathlib import Path

import pytest

from test_lockaware import BIN, ROOT, ops, start, state, wait_for  # noqa: F401
from test_risks import attached
from test_ssc import WORKLOADS, Stats, stop

# A --lean run on the other kernel runs only the tests marked every_kernel (conftest.py).
pytestmark = pytest.mark.home_kernel("6.12")


INFORM = Path(os.environ.get("SCX_INFORM_DIR", ROOT / "target" / "inform"))
LIB = INFORM / "libinform.so"
COUNTER = INFORM / "inform-counter"


def built():
    assert COUNTER.exists() and LIB.exists(), f"{COUNTER} missing: tools/inform-build {INFORM}"


def counter_cmd(lock, n, secs=6):
    """The inform-counter command: `lock`, `n` threads, 1 us inside and 2 us outside."""
    return [str(COUNTER), "--lock", lock, "--threads", str(n), "--duration", str(secs),
            "--cs-ns", "1000", "--nc-ns", "2000"]


def run_counter(lock, n, secs=6, env=None):
    """inform-counter on `lock` with `n` threads (counter_cmd()), `env` added to its
    environment; its result."""
    w = subprocess.run(counter_cmd(lock, n, secs), capture_output=True, text=True, timeout=120,
                       env={**os.environ, **(env or {})})
    assert w.returncode == 0, w.stderr
    return json.loads(w.stdout.strip().splitlines()[-1])


def counter_next_to_loops(lock, *keys, flags=(), ops_prefix="lockaware", env=None):
    """inform-counter on `lock` with 4 threads per CPU next to a CPU-bound loop per CPU, under
    scx_lockaware --inform-lib (`env` added to the counter's environment): its result and the
    scheduler's counters over the run (`keys` printed). Asserts that the scheduler stayed
    attached and the counter made progress."""
    built()
    n = os.cpu_count()
    with attached("--inform-lib", str(LIB), *flags, hogs=n) as run:
        res = run_counter(lock, 4 * n, env=env)
        m = run.stats.get()
        assert ops().startswith(ops_prefix), ops()
    print({k: m[k] for k in keys}, res["ops"])
    assert res["ops"] > 0, res
    return res, m


def cpu_ticks(pid):
    """User + system CPU time of a process (all its threads), in clock ticks."""
    f = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return int(f[11]) + int(f[12])


def cpu_split(run, cmd, secs):
    """`cmd` started beside `run`'s hogs: its CPU ticks and the hogs' over `secs` seconds after
    a 2-s start, with the scheduler's counters before and after; `cmd` must still run at the
    end, and is killed then."""
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, text=True)
    try:
        time.sleep(2)
        pids = run.hogs.pids()
        m0 = run.stats.get()
        p0, h0 = cpu_ticks(proc.pid), sum(cpu_ticks(x) for x in pids)
        time.sleep(secs)
        p1, h1 = cpu_ticks(proc.pid), sum(cpu_ticks(x) for x in pids)
        m = run.stats.get()
        assert proc.poll() is None, f"{cmd[0]} ended before the measurement did"
    finally:
        proc.kill()
        proc.wait()
    return p1 - p0, h1 - h0, m0, m


def test_a_bad_inform_lib_is_refused_before_loading():
    for bad, why in [("/nonexistent/libinform.so", "No such file"), ("/etc/hostname", "not an ELF"),
                     ("/bin/true", "no symbol inform_register")]:
        r = subprocess.run([str(BIN), "--inform-lib", bad], capture_output=True, text=True,
                           timeout=30)
        out = r.stdout + r.stderr
        assert r.returncode == 2, out
        assert f"--inform-lib {bad}" in out and why in out, out
        assert state() == "disabled"


@pytest.mark.every_kernel
def test_threads_register_and_holders_get_one_extension_per_hold():
    built()
    p = start("--inform-lib", str(LIB))
    st = Stats()
    st.get()
    try:
        n = 2 * os.cpu_count()
        # Long critical sections (2 ms, against the 5-ms slice): holders are often at the
        # end of their slice, where the extension applies.
        w = subprocess.run([str(COUNTER), "--lock", "ticket", "--threads", str(n),
                            "--duration", "6", "--cs-ns", "2000000", "--nc-ns", "500000"],
                           capture_output=True, text=True, timeout=120)
        assert w.returncode == 0, w.stderr
        res = json.loads(w.stdout.strip().splitlines()[-1])
        m = st.get()
        assert state() == "enabled" and ops().startswith("lockaware"), ops()
        assert res["ops"] > 0 and min(res["per_worker_ops_per_s"]) > 0, res
        assert m["inform_tasks"] >= n, m
        assert m["holder_extended"] > 0, m
        # At most one extension per hold: never more extensions than holds (sections).
        assert m["holder_extended"] <= res["ops"], (m, res)
    finally:
        st.close()
        if p.poll() is None:
            stop(p)


def test_waiters_of_a_preempted_holder_hand_it_their_cpu():
    """Seed 002's rule changes what runs: 4 TTAS threads per CPU next to a CPU-bound loop per
    CPU, so holders are preempted inside their critical sections; their spinning waiters then
    end their slices at the tick (waiter_yield) and the CPU goes to the preempted holder
    (holder_handoff), which only the hints can tell."""
    _, m = counter_next_to_loops("ttas", "holder_preempted", "waiter_yield", "holder_handoff")
    assert m["holder_preempted"] > 0, m
    assert m["waiter_yield"] > 0, m
    assert 0 < m["holder_handoff"] <= m["waiter_yield"], m


def test_waiters_name_the_next_owner_of_a_ticket_lock_and_hand_it_their_cpu():
    """A ticket lock's next owner, preempted before its turn came, cannot say it is next; the
    waiters behind it name it (hint v2's wait_for, published from the lock's ticket slots).
    With 4 threads per CPU next to a CPU-bound loop per CPU, waiters must end their slices for
    the named, queued thread (waiter_yield_named) and the CPU must go to it (holder_handoff)."""
    _, m = counter_next_to_loops("ticket", "waiter_yield", "waiter_yield_named",
                                 "holder_handoff")
    assert 0 < m["waiter_yield_named"] <= m["waiter_yield"], m
    assert m["holder_handoff"] > 0, m


def test_waiters_offer_their_cpu_and_it_goes_to_the_thread_they_name_at_once():
    """libinform's waiters call sched_yield() when their wait makes no progress for 50 us,
    because root/ops says that hints are read ("lockaware_inform"). With 4 ticket-lock threads
    per CPU next to a CPU-bound loop per CPU, some of those yields must give way by the rule
    (inform_yield_given: the named next owner was queued) and the CPU must go to it
    (holder_handoff); the others keep the CPU (inform_yield_kept: the thread waited for ran)."""
    _, m = counter_next_to_loops("ticket", "inform_yield_given", "inform_yield_kept",
                                 "waiter_yield", "holder_handoff", ops_prefix="lockaware_inform")
    assert 0 < m["inform_yield_given"] <= m["waiter_yield"], m
    assert m["holder_handoff"] > 0, m


def test_the_shims_spinlock_waiters_offer_their_cpu():
    """A pthread spinlock's waiter under the LD_PRELOAD shim waits in the shim's own loop,
    which offers the CPU as libinform's locks do (docs/benchmarks.md §37.5); in glibc's
    pthread_spin_lock() it could make no offer, and the scheduler answered none
    (inform_yield_given and inform_yield_kept stayed 0 in §37.5's runs of the old shim).
    With 4 threads per CPU next to a CPU-bound loop per CPU, the waiters' offers must reach
    the scheduler, and the counter must stay exact under the shim's loop."""
    shim = {"LD_PRELOAD": str(INFORM / "libinform-preload.so")}
    res, m = counter_next_to_loops("pthread-spin", "inform_yield_given", "inform_yield_kept",
                                   "waiter_yield", ops_prefix="lockaware_inform", env=shim)
    assert m["inform_yield_given"] + m["inform_yield_kept"] > 0, m


def sched_yields(env=None):
    """sched_yield() calls of a 6-s ticket-lock counter, 4 threads per CPU (strace counts them
    through a seccomp filter: only that call stops the threads)."""
    built()
    n = 4 * os.cpu_count()
    r = subprocess.run(["strace", "-f", "--seccomp-bpf", "-c", "-U", "name,calls",
                        "-e", "trace=sched_yield", *counter_cmd("ticket", n)],
                       capture_output=True, text=True, timeout=180,
                       env={**os.environ, **(env or {})})
    assert r.returncode == 0, r.stderr
    calls = [ln.split() for ln in r.stderr.splitlines() if ln.strip().startswith("sched_yield")]
    return int(calls[0][1]) if calls else 0


def test_waiters_offer_yields_only_to_a_scheduler_that_reads_hints():
    """Under EEVDF, or scx_lockaware without --inform-lib, a yield would give a waiter's CPU to
    any task: libinform must make none (root/ops is not "lockaware_inform"). The control:
    INFORM_YIELD_US=1 forces them, and strace must count them."""
    assert state() == "disabled"
    assert sched_yields() == 0
    forced = sched_yields({"INFORM_YIELD_US": "1"})
    assert forced > 0, forced
    p = start()
    try:
        assert ops().startswith("lockaware_") and "inform" not in ops(), ops()
        assert sched_yields() == 0
    finally:
        stop(p)
    print(f"forced yields under EEVDF: {forced}")


def test_sleeping_waiters_donate_the_rest_of_their_slice():
    """The requester lock's far waiters sleep on a futex, naming the owner of the ticket being
    served. Next to a CPU-bound loop per CPU, the owner is often queued when one goes to sleep:
    the rest of the sleeper's slice must go to it (sleep_donate, then holder_handoff). Off by
    default (--inform-sleep-donate)."""
    _, m = counter_next_to_loops("req", "sleep_donate", "waiter_yield", "holder_handoff",
                                 flags=("--inform-sleep-donate",))
    assert m["sleep_donate"] > 0, m
    assert m["holder_handoff"] > 0, m


def test_barrier_waiters_hand_their_cpu_to_threads_not_arrived():
    """At the library's barrier (spins, then sleeps) with 4 threads per CPU next to a CPU-bound
    loop per CPU, threads that have not arrived are often queued behind the loops, many of them
    woken when the last phase ended (their hint still shows that phase's token): a waiter that
    yields (at the tick, or offering its CPU) must hand its CPU to one of them
    (barrier_handoff), by default, without sleep donations."""
    _, m = counter_next_to_loops("barrier", "barrier_yield", "inform_yield_given",
                                 "sleep_donate", "barrier_handoff")
    assert m["sleep_donate"] == 0, m
    assert 0 < m["barrier_handoff"] <= m["barrier_yield"], m


def loops_share_beside(cmd, *flags):
    """The CPU-bound loops' share of the CPU time (theirs and `cmd`'s) over 4 s, a loop per CPU
    beside inform-counter `cmd` (arguments after the program), under scx_lockaware
    --inform-lib `flags`; and the scheduler's counters over that time."""
    built()
    n = os.cpu_count()
    with attached("--inform-lib", str(LIB), *flags, hogs=n) as run:
        b, loops, _, m = cpu_split(run, [str(COUNTER), *cmd], 4)
        assert ops().startswith("lockaware"), ops()
    return loops / max(1, loops + b), m


def loops_share_beside_barrier(*flags):
    """loops_share_beside() the library's barrier with 4 threads per CPU (killed after the
    measurement: its duration only has to outlast it, on a slow host too)."""
    return loops_share_beside(counter_cmd("barrier", 4 * os.cpu_count(), 300)[1:], *flags)


def test_a_barrier_waiter_that_gives_way_pays_for_the_slice():
    """A barrier waiter that gives its CPU up (other work waits there) pays in vtime for the
    slice it gives up, as if it had run it (seed 002's lowest class). Without that, waiters kept
    runnable by libinform's offers counted as threads wanting the CPU, and the loops beside the
    barrier got 0.44 of their EEVDF share at 2 vCPUs (docs/benchmarks.md section 52, 0.94 with
    the charge): here, a larger loops' share by default than with --no-inform-barrier-charge, in
    the same guest. In this 4-vCPU guest the difference is smaller (0.50-0.54 against 0.38-0.44
    over session 37's 8 runs on both kernels; 0.58-0.61 against 0.47-0.50 in session 43's 6
    pairs), so the test asks for the direction only. Session 43 saw one run without the charge
    at 0.66, so each side runs twice, interleaved, and the means are compared."""
    charged, uncharged = [], []
    for _ in range(2):
        share, m = loops_share_beside_barrier()
        charged.append(share)
        share, m_off = loops_share_beside_barrier("--no-inform-barrier-charge")
        uncharged.append(share)
        print(f"loops' share: {charged[-1]:.3f} charged, {uncharged[-1]:.3f} not;",
              {k: (m[k], m_off[k]) for k in ("barrier_yield", "barrier_handoff")})
        assert m["barrier_yield"] > 0 and m_off["barrier_yield"] > 0, (m, m_off)
    assert sum(charged) > sum(uncharged), (charged, uncharged)


def test_a_waiter_that_sleeps_earns_no_sleep_credit():
    """Threads that run 2 ms of CPU, then sleep 10 ms with a LOCK_WAITER hint (8 per CPU, beside
    a CPU-bound loop per CPU; each wants more than a fair share): by default a waiter keeps over
    its sleep the lag it had on its LLC's vtime clock, so it wakes no further ahead of the loops
    than it left (waiter_sleep_lag counts the sleeps, waiter_credit_ns what they would have
    been owed). With --no-inform-waiter-lag each wakes owed the time the clock moved on, up to
    a slice, ahead of the loops: a smaller loops' share than by default, in the same guest.
    Measured in this 4-vCPU guest (docs/benchmarks.md section 56): 0.17-0.18 by default and
    0.13-0.14 with the credit in every pair but one, EEVDF 0.20-0.21; one run with the credit gave
    0.19, so the test runs each side twice, interleaved, and compares the means."""
    # --duration: killed after the measurement, which took over 30 s on a slow host (session 71).
    cmd = ["--sleeping-waiter", "--threads", str(8 * os.cpu_count()), "--duration", "300",
           "--cs-ns", "2000000", "--nc-ns", "10000000"]
    lag, credit = [], []
    for _ in range(2):
        share, m = loops_share_beside(cmd)
        assert m["waiter_sleep_lag"] > 0 and m["waiter_credit_ns"] > 0, m
        lag.append(share)
        share, m_off = loops_share_beside(cmd, "--no-inform-waiter-lag")
        assert m_off["waiter_sleep_lag"] == 0 and m_off["waiter_credit_ns"] == 0, m_off
        credit.append(share)
        print(f"loops' share: {lag[-1]:.3f} by default, {credit[-1]:.3f} with the credit;",
              {k: (m[k], m_off[k]) for k in ("waiter_sleep_lag", "waiter_credit_ns")})
    assert sum(lag) > sum(credit), (lag, credit)


def test_waiters_naming_another_process_get_nothing():
    """Threads that spin with a LOCK_WAITER hint naming a thread of another process (a CPU-bound
    loop, often queued) must not yield to it nor move it: the name counts only within the
    waiter's own process. Each side keeps close to half the CPU."""
    built()
    n = os.cpu_count()
    with attached("--inform-lib", str(LIB), hogs=n) as run:
        victim = run.hogs.pids()[0]
        lt, vt, m0, m = cpu_split(run, [str(COUNTER), "--liar-wait", str(victim), "--threads",
                                        str(n), "--duration", "300"], 6)
        share = vt / max(1, lt + vt)
        print(f"victim share {share:.3f}", {k: m[k] for k in ("inform_tasks", "waiter_yield",
                                                               "waiter_yield_named",
                                                               "holder_handoff")})
        assert ops().startswith("lockaware"), ops()
        assert m0["inform_tasks"] + m["inform_tasks"] >= n, (m0, m)
        assert m["waiter_yield_named"] == m0["waiter_yield_named"] == 0, (m0, m)
        assert m["waiter_yield"] == m0["waiter_yield"] == 0, (m0, m)
        assert m["holder_handoff"] == 0, m
        assert 0.40 <= share <= 0.60, f"victim share {share:.2f}; {m}"


@pytest.mark.every_kernel
def test_a_process_that_always_claims_to_hold_cannot_starve_a_victim():
    """Liar threads burn CPU while their hint says LOCK_HOLDER, with a new hold every
    microsecond (so every hold may ask for its extension); as many CPU-bound shell loops
    (no hints) share the CPUs. Each side must get close to half the CPU time."""
    built()
    n = os.cpu_count()
    with attached("--inform-lib", str(LIB), hogs=n) as run:
        liar = subprocess.Popen([str(COUNTER), "--liar", "--threads", str(n), "--duration", "300"],
                                stdout=subprocess.PIPE, text=True)
        try:
            time.sleep(2)
            pids = run.hogs.pids()
            l0, v0 = cpu_ticks(liar.pid), sum(cpu_ticks(x) for x in pids)
            time.sleep(6)
            l1, v1 = cpu_ticks(liar.pid), sum(cpu_ticks(x) for x in pids)
            assert liar.poll() is None, "the liar ended before the measurement did"
        finally:
            liar.kill()
            liar.wait()
        liar_t, victim_t = l1 - l0, v1 - v0
        share = victim_t / max(1, liar_t + victim_t)
        m = run.stats.get()
        print(f"victim share {share:.3f}; extended {m['holder_extended']} denied "
              f"{m['holder_denied']}")
        assert m["inform_tasks"] >= n, m
        assert m["holder_extended"] + m["holder_denied"] > 0, m
        # Neither side starves: the victim keeps close to its half, and the liar runs too.
        # (Measured: 0.445-0.493 over three runs after the bound of session 12; 0.381 before.)
        assert share >= 0.40, f"victim share {share:.2f} (liar {liar_t}, victim {victim_t}); {m}"
        assert share <= 0.75, f"victim share {share:.2f}: the liar starved; {m}"


def test_the_search_counts_the_acquisitions_threads_report():
    """With --inform-lib, the votes count the lock acquisitions that the lock-intensive
    threads' hints counted: a pthread mutex program under libinform's shim (4 threads per
    CPU), whose own count of operations is the truth. The acquisitions per second the search
    judges by (acq_rate, a window's) must be the program's rate, within the spread of windows
    against a whole run (a window counts only SSC runs of classified threads)."""
    built()
    n = os.cpu_count()
    p = start("--inform-lib", str(LIB))
    st = Stats()
    st.get()
    try:
        env = dict(os.environ, LD_PRELOAD=str(INFORM / "libinform-preload.so"))
        w = subprocess.Popen([str(WORKLOADS), "mutex", "--lock-threads", str(4 * n),
                              "--cpu-threads", "0", "--duration", "8"],
                             stdout=subprocess.PIPE, text=True, env=env)
        rates = []
        time.sleep(3)  # classification and the first decisions
        while w.poll() is None:
            rates.append(st.get()["acq_rate"])
            time.sleep(0.5)
        out, _ = w.communicate(timeout=60)
        assert w.returncode == 0
        res = json.loads(out.strip().splitlines()[-1])
        m = st.get()
        assert state() == "enabled" and ops().startswith("lockaware"), ops()
    finally:
        st.close()
        if p.poll() is None:
            stop(p)
    print("acq_rate samples:", [round(r) for r in rates], "program:", res["ops_per_s"],
          "decisions:", m["search_decisions"])
    judged = [r for r in rates if r > 0]
    assert len(judged) >= len(rates) // 2, f"acquisitions judged in too few windows: {rates}"
    mean = sum(judged) / len(judged)
    assert 0.4 * res["ops_per_s"] < mean < 1.5 * res["ops_per_s"], (mean, res["ops_per_s"])


def loops_share_next_to_ticket_waiters(*flags):
    """8 ticket-lock threads and 2 CPU-bound loops on CPUs 0-1 of the guest (issue #12's
    benchmark at 2 CPUs, the other vCPUs idle so the busy ones do not outnumber the host's 2
    cores), under scx_lockaware --inform-lib: the loops' share of the two CPUs while the
    counter's threads ran (inform-counter --watch), and the scheduler's counters."""
    built()
    with attached("--inform-lib", str(LIB), *flags, hogs=2, cpus="0-1") as run:
        time.sleep(0.5)
        hogs = run.hogs.pids()
        assert len(hogs) == 2, hogs
        run.stats.get()
        w = subprocess.run(["taskset", "-c", "0-1", *counter_cmd("ticket", 8, secs=4),
                            "--watch", ",".join(map(str, hogs))],
                           capture_output=True, text=True, timeout=120)
        m = run.stats.get()
        assert ops().startswith("lockaware"), ops()
    assert w.returncode == 0, w.stderr
    res = json.loads(w.stdout.strip().splitlines()[-1])
    assert res["ops"] > 0, res
    return res["watched_cpu_s"] / (2 * res["window_s"]), m


def test_spinning_waiters_leave_cpu_bound_loops_their_share():
    """Ticket-lock waiters never sleep: they yield for the thread they name, and a yield to a
    preempted holder moves it to the waiter's CPU, so the lock's threads gather on one queue.
    Each of them is queued again every few microseconds, so none waits there long, and queue
    balancing that moved only a task that had waited a slice left 8 of them on one CPU and the
    2 loops on the other: the loops got 0.48 of the two CPUs, against 0.20 (their fair share,
    and EEVDF's) (docs/benchmarks.md section 29.1). A task runnable without a sleep for a
    slice now counts as unserved too. The loops must get at most 0.3; with --no-balance the
    threads must still gather (the case this test provokes), and the loops get more than 0.35."""
    share, m = loops_share_next_to_ticket_waiters()
    print(f"balanced: loops' share {share:.3f}, {m['dispatch_balance']} balance moves")
    assert m["dispatch_balance"] > 0, m
    assert share < 0.3, share
    share_off, m_off = loops_share_next_to_ticket_waiters("--no-balance")
    print(f"--no-balance: loops' share {share_off:.3f}, {m_off['dispatch_balance']} moves")
    assert m_off["dispatch_balance"] == 0, m_off
    assert share_off > 0.35, share_off


def kernel_has_slice_extension():
    """Whether the running kernel has the rseq time-slice extension (Linux >= 7.0 with
    CONFIG_RSEQ_SLICE_EXTENSION; tools/vm/build-kernel --version 7.2 --rseq-slice)."""
    import gzip
    try:
        with gzip.open("/proc/config.gz", "rt") as f:
            return "CONFIG_RSEQ_SLICE_EXTENSION=y" in f.read().splitlines()
    except OSError:
        return False


# libinform's request for the extension (docs/inform.md): glibc 2.36 registers the original
# 32-byte rseq area, which the kernel does not extend, so glibc's registration is turned off
# and libinform registers one of its own.
SLICE_ENV = {"INFORM_RSEQ_SLICE": "1", "GLIBC_TUNABLES": "glibc.pthread.rseq=0"}


@pytest.mark.every_kernel
@pytest.mark.skipif(not kernel_has_slice_extension(),
                    reason="the kernel has no rseq time-slice extension "
                           "(tools/vm/build-kernel --version 7.2 --rseq-slice)")
def test_holds_get_the_kernels_slice_extension_under_scx_lockaware():
    """A sched_ext preemption of a holder (its slice's end, a kick) goes through the same
    return to user mode as EEVDF's, where the kernel defers it for a thread that asked: holds
    end inside granted extensions, which the library counts. TTAS, not a FIFO lock: a ticket
    lock's convoy (its next owner preempted) leaves a holder so rarely inside its section that
    one run saw no preemption land there."""
    built()
    n = os.cpu_count()
    # The kernel's largest budget per extension: under TCG its 5-us default often runs out
    # before the exit to user mode and the rest of the section are through (docs/inform.md).
    budget = Path("/sys/kernel/debug/rseq/slice_ext_nsec")
    if not budget.exists():
        subprocess.run(["mount", "-t", "debugfs", "none", "/sys/kernel/debug"], check=False)
    old = budget.read_text().strip()
    budget.write_text("50000")
    try:
        with attached(hogs=n):
            res = run_counter("ttas", 4 * n, env=SLICE_ENV)
            assert ops().startswith("lockaware"), ops()
    finally:
        budget.write_text(old)
    print({k: res[k] for k in ("ops", "slice_threads", "slice_grants", "slice_yields",
                               "slice_switched")})
    assert res["ops"] > 0, res
    assert res["slice_threads"] == 4 * n, res
    assert res["slice_grants"] > 0, res


@pytest.mark.every_kernel
@pytest.mark.skipif(kernel_has_slice_extension(), reason="the kernel has the extension")
def test_asking_for_the_slice_extension_is_harmless_where_the_kernel_lacks_it():
    """On a kernel without the extension (6.12, the 7.2 test kernel) the request changes
    nothing: the locks work, no thread is served, and the library says so once."""
    built()
    w = subprocess.run(counter_cmd("ticket", 2 * os.cpu_count(), 2), capture_output=True,
                       text=True, timeout=120, env={**os.environ, **SLICE_ENV})
    assert w.returncode == 0, w.stderr
    res = json.loads(w.stdout.strip().splitlines()[-1])
    assert res["ops"] > 0 and res["slice_threads"] == 0 and res["slice_grants"] == 0, res
    assert w.stderr.count("libinform: INFORM_RSEQ_SLICE=1") == 1, w.stderr
