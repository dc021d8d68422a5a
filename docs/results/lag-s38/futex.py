"""stress-ng futex (2 instances, 5 s) under scx_lockaware [flags], with the scheduler's wake-up
preemption counters over the run. From the repository root in a guest; SCX_LOCKAWARE_BIN
picks the build. Prints one RES line."""
import re, subprocess, sys
sys.path.insert(0, "tests/vm")
from test_risks import attached  # noqa

KEYS = ("wake_preempt", "wake_preempt_late", "wake_preempt_local", "wake_gran", "wake_defer", "cpu_enq", "kick_idle")
with attached(*sys.argv[1:]) as r:
    before = r.stats.get()
    out = subprocess.run(["stress-ng", "--futex", "2", "-t", "5", "--metrics-brief"],
                         capture_output=True, text=True).stderr + ""
    after = r.stats.get()
m = re.search(r"futex\s+(\d+)\s+[\d.]+\s+[\d.]+\s+[\d.]+\s+([\d.]+)", out)
d = {k: after.get(k, 0) - before.get(k, 0) for k in KEYS}
print(f"RES {' '.join(sys.argv[1:]) or 'build'}: bogo-ops {m.group(1) if m else '?'} "
      f"ops/s {m.group(2) if m else '?'} " + " ".join(f"{k} {v}" for k, v in d.items()))
