"""The hog's share of CPU 1 beside a pinned semaphore pair (test_base's sem_pair_alone_then_beside_a_hog()), under: eevdf | simple PATH | lock [scx_lockaware flags]. From the repository root in a guest; SCX_LOCKAWARE_BIN picks the build."""
import contextlib, subprocess, sys, time
sys.path.insert(0, "tests/vm")
from test_base import attached, sem_pair_alone_then_beside_a_hog  # noqa
from test_risks import state

class NoStats:
    def get(self):
        return {}

@contextlib.contextmanager
def simple(path):
    p = subprocess.Popen([path], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    t = time.monotonic()
    while state() != "enabled":
        assert time.monotonic() - t < 20
        time.sleep(0.1)
    try:
        yield None
    finally:
        p.send_signal(2); p.wait()

a = sys.argv[1:]
if a == ["eevdf"]:
    sched = contextlib.nullcontext(None)
elif a[0] == "simple":
    sched = simple(a[1])
else:
    sched = attached("--no-futex", "--no-kernel-locks", *a[1:])
with sched as r:
    alone, m_alone, shared, hog_share, m_hog = sem_pair_alone_then_beside_a_hog(
        r.stats if r else NoStats())
print(f"RES {' '.join(a)}: alone {alone:.0f} beside {shared:.0f} hog {hog_share:.1%}")
