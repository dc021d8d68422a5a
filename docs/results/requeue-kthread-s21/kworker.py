"""One CPU hog on the 4-vCPU guest beside busy per-CPU kworkers (tests/vm/test_base.py,
hog_beside_kworkers()): the hog's migrations in 4 s and the scheduler's behind_kthread counter.
SCX_LOCKAWARE_BIN picks the build (docs/benchmarks.md §31.3). Run in the guest:
  env SCX_LOCKAWARE_BIN=... PYTHONPATH=tests/vm python3 docs/results/requeue-kthread-s21/kworker.py"""
from test_base import hog_beside_kworkers

moved, m = hog_beside_kworkers()
print(f"one hog, 4 s: behind_kthread {m.get('behind_kthread', '-')}, moves {moved}, "
      f"kick_idle {m['kick_idle']}, kthread_local {m['kthread_local']}")
