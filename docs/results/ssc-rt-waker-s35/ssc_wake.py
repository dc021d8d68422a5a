"""Session 35: the measurement of tests/vm/test_base.py's SSC wake-up preemption test
(ssc_wakeup_delay()) with the scheduler's counters shown, N times free and next to 2 hogs.
Run from the repository root in the 4-vCPU guest:
    tools/vm/vmrun --kernel K --cpus 4 --memory 2G -- python3 THIS   (N=3 in the environment
for 3 pairs). The runs in README.md were made with an earlier copy of the function that also
sampled each thread's CPU; the counters are the same."""
import os
import sys

sys.path.insert(0, "tests/vm")
from test_base import ssc_wakeup_delay  # noqa: E402

KEYS = ("wake", "ssc", "preempt", "defer", "gran", "kick")
for _ in range(int(os.environ.get("N", "2"))):
    for hogs in (0, 2):
        delay, waits, _, m = ssc_wakeup_delay(hogs)
        shown = {k: v for k, v in sorted(m.items())
                 if v and any(x in k for x in KEYS) and "follow" not in k and k != "ssc_size"}
        print(f"hogs={hogs} delay={delay:.0f}us waits={waits}", shown)
