"""The measurement of test_base.py's pinned-pair test, without its assertions, for any build
(SCX_LOCKAWARE_BIN; "eevdf" as argument: no sched_ext scheduler): the pair alone, then beside a CPU hog pinned to CPU 1 too; prints the
pair's ops/s and the hog's share of CPU 1. Run from the repository root in a guest."""
import contextlib
import sys
import time

sys.path.insert(0, "tests/vm")
from test_base import Hogs, attached, cpu_ns, sem_pair_on_cpu1  # noqa: E402

EEVDF = sys.argv[1:] == ["eevdf"]


class NoStats:
    def get(self):
        return {}


class NoSched:
    stats = NoStats()


with (contextlib.nullcontext(NoSched()) if EEVDF else attached("--no-futex", "--no-kernel-locks")) as r:
    alone = sem_pair_on_cpu1(3)
    m_alone = r.stats.get()
    h = Hogs(1, cpus="1")
    try:
        time.sleep(0.5)
        hog = h.pids()[0]
        before = cpu_ns(hog, hog)
        t0 = time.monotonic()
        shared = sem_pair_on_cpu1(3)
        hog_share = (cpu_ns(hog, hog) - before) / 1e9 / (time.monotonic() - t0)
    finally:
        h.kill()
    m_hog = r.stats.get()
print(f"alone {alone:.0f} ops/s, beside the hog {shared:.0f} ops/s, hog {hog_share:.1%} of CPU 1, "
      f"requeued {m_alone.get('pinned_requeue', '-')} / {m_hog.get('pinned_requeue', '-')}")
