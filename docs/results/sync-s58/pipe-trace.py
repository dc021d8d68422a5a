"""Session 58, in the guest (tools/vm/vmrun ... -- $PY docs/results/sync-s58/pipe-trace.py
[ROUNDS]): why stress-ng --pipe 1 runs at 0.80 of EEVDF under scx_lockaware and 1.14 without
its lock probes. Runs it for 4 s under EEVDF, the default and the default without tracing,
ROUNDS rounds interleaved, and prints the rate with the scheduler's own counters over the run
(kernel-lock waits, lock-intensive tasks and moves into the class, the SSC's size)."""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "../../../tests/vm"))
sys.path.insert(0, os.path.dirname(__file__))
from test_risks import attached  # noqa: E402
from overlap import stream  # noqa: E402

ROUNDS = int(sys.argv[1]) if len(sys.argv) > 1 else 2
KEYS = ("klock_waits", "futex_waits", "lock_in", "lock_out", "nr_lock_tasks", "ssc_size",
        "ssc_enq", "ssc_direct", "p_spin", "p_wait", "direct_idle", "cpu_enq", "bpf_cost")


for rnd in range(ROUNDS):
    print(f"round {rnd} eevdf {stream():.1f} ops/s", flush=True)
    for name, flags in (("default", ()), ("notrace", ("--no-futex", "--no-kernel-locks",
                                                       "--no-xcall-waits"))):
        with attached(*flags) as r:
            r.stats.get()
            rate = stream()
            m = r.stats.get()
        print(f"round {rnd} {name} {rate:.1f} ops/s " +
              " ".join(f"{k}={m.get(k)}" for k in KEYS), flush=True)
