import sys, os
sys.path.insert(0, "tests/vm")
import test_inform as t
for rep in range(3):
    for flags in [(), ("--no-inform-barrier-charge",), ("--window-parts", "1"),
                  ("--window-parts", "1", "--no-inform-barrier-charge")]:
        share, m = t.loops_share_beside_barrier(*flags)
        print(rep, " ".join(flags) or "default", f"{share:.3f}",
              {k: m.get(k) for k in ("barrier_yield", "barrier_handoff", "ssc_size", "nr_lock_tasks", "search_steps")}, flush=True)
