"""test_base.py's pinned-pair measurement (sem_pair_alone_then_beside_a_hog()) without the
test's assertions, for any build (SCX_LOCKAWARE_BIN), or under EEVDF with the argument
"eevdf": the pair's ops/s alone, then beside a CPU hog pinned to CPU 1 too, and the hog's share
of CPU 1. Run from the repository root in a guest. (The hogshare-72*.txt runs used a copy of
the same measurement, before the test's part was made a function.)"""
import contextlib
import sys

sys.path.insert(0, "tests/vm")
from test_base import attached, sem_pair_alone_then_beside_a_hog  # noqa: E402


class NoStats:
    def get(self):
        return {}


if sys.argv[1:] == ["eevdf"]:
    sched = contextlib.nullcontext(None)
else:
    sched = attached("--no-futex", "--no-kernel-locks")
with sched as r:
    alone, m_alone, shared, hog_share, m_hog = sem_pair_alone_then_beside_a_hog(
        r.stats if r else NoStats())
print(f"alone {alone:.0f} ops/s, beside the hog {shared:.0f} ops/s, hog {hog_share:.1%} of CPU 1, "
      f"requeued {m_alone.get('pinned_requeue', '-')} / {m_hog.get('pinned_requeue', '-')}")
