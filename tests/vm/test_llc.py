"""Per-LLC SSC queues (issue #9, risk 7; seed 001: per-cache structures), on a guest with two
last-level caches. tools/test.sh runs this file in its own guest booted with
-smp 4,sockets=2,cores=2,threads=1 (one L3 per socket); the default guest has one LLC and fails
the topology assertion (never skips). One global SSC queue let any SSC CPU take any
lock-intensive task, so with the SSC spanning both caches the lock threads kept moving between
them; each LLC's SSC CPUs now serve their own LLC's queue first, and the idle pick for a
lock-intensive task looks at its own cache first. Niced CPU hogs keep every CPU busy: with an idle
CPU in the other cache, moving there is the right call (work conservation), under both
designs."""
import time
from pathlib import Path

from test_risks import attached
from test_smt import task_cpus
from test_ssc import Workload

CPU = Path("/sys/devices/system/cpu")


def llc_of(cpu):
    return (CPU / f"cpu{cpu}" / "cache" / "index3" / "shared_cpu_list").read_text().strip()


def test_lock_tasks_stay_in_their_cache():
    llcs = {llc_of(c) for c in range(4)}
    assert len(llcs) == 2, f"guest has {len(llcs)} LLC(s) ({llcs}): boot with sockets=2"
    # Niced hogs keep every CPU busy; the lock threads keep their lock-wait share. One SSC CPU
    # in each cache (0 and 2; 1 and 3 outside): an SSC of all four CPUs would confine nothing,
    # and its lock-intensive tasks would take the base path, not the SSC queues
    # (test_ssc.py's test_an_ssc_of_every_cpu_places_lock_tasks_as_any_other).
    with attached("--ssc-cpus", "0,2", hogs=8, nice=19) as r:
        w = Workload("mutex", "--lock-threads", "8", "--cpu-threads", "0", "--duration", "300",
                     "--cs-ns", "2000", "--outside-ns", "500")
        tids = {str(t) for t in w.tids(8)}
        try:
            deadline = time.time() + 15
            while time.time() < deadline and r.stats.get()["nr_lock_tasks"] < 6:
                time.sleep(0.5)
            r.stats.get()
            moves, pairs, last = 0, 0, {}
            for _ in range(60):
                now = {t: llc_of(c) for t, c in task_cpus(w.p.pid).items() if t in tids}
                for t, l in now.items():
                    if t in last:
                        pairs += 1
                        moves += last[t] != l
                last = now
                time.sleep(0.1)
            m = r.stats.get()
            # Measured while the workload runs: in a slow guest a 30-s workload once ended
            # during the sampling, and its exiting threads were counted.
            assert w.p.poll() is None, "the workload ended during the sampling"
        finally:
            w.p.kill()
    print(f"lock threads changed LLC in {moves} of {pairs} samples; SSC dispatches "
          f"{m['ssc_dispatch']} (from the other LLC's queue: {m.get('ssc_dispatch_far')}), "
          f"lock tasks {m['nr_lock_tasks']}, nr_llcs {m['nr_llcs']}")
    assert m["nr_llcs"] == 2
    assert m["ssc_dispatch"] > 100, m["ssc_dispatch"]
    # Each LLC's SSC CPUs serve their own queue: only a task that waited queue_max_wait_ns
    # crosses. With one SSC CPU per cache (this set-up, 11 runs on 2-core hosts, CI's among
    # them): 1.3-5.0% of SSC dispatches (1-2.5% with all four CPUs in the SSC). A global queue
    # hands the head to whichever SSC CPU asks first, half of them in the other cache.
    assert m["ssc_dispatch_far"] < 0.10 * m["ssc_dispatch"], m
    # The moves follow the far dispatches (a task crosses only after it waited
    # queue_max_wait_ns at its queue's head; what kept it waiting, hogs served first or the
    # host's time-slicing of 4 vCPUs on 2 cores, is not separated), so the noise sets the
    # spread: 65 to 155 of 472 samples (14-33%) in the 11 runs above; with all four CPUs in
    # the SSC, 253 of 472 (54%) with the global queue of the build before (16a3be8).
    assert pairs > 100 and moves < 0.45 * pairs, (moves, pairs)
