"""How long after it stops waiting each of a mutex pair leaves the lock-intensive class: the
workload of tests/vm/test_ssc.py's test_a_pair_that_stops_waiting_leaves_the_class_at_once
(two threads on one mutex for 8 s, then compute only), the scheduler's top statistic read
every 0.05 s. Per round: each worker's leave time after the phase change (the last sample in
the class, s), and the stats totals that name what happened.
usage (in a guest, repository root): python3 leave.py ROUNDS [scx_lockaware args...]
(SCX_LOCKAWARE_BIN picks the build.)"""
import sys
import time

sys.path.insert(0, "tests/vm")
from test_ssc import Stats, Workload, top_tasks, stop  # noqa: E402
from test_lockaware import start  # noqa: E402

PHASE = 8.0
for r in range(int(sys.argv[1])):
    p = start(*sys.argv[2:])
    st = Stats()
    st.get()
    t0 = time.monotonic()
    w = Workload("mutex", "--lock-threads", "2", "--cpu-threads", "0", "--duration", "12",
                 "--phase-s", str(PHASE), "--cs-ns", "2000", "--outside-ns", "500")
    workers = w.tids(2)
    last_in = {t: None for t in workers}
    keep = recheck = 0
    while w.p.poll() is None:
        m = st.get()
        el = time.monotonic() - t0
        if el > PHASE:
            keep += m.get("keep_prev", 0)
            recheck += m.get("class_recheck", 0)
        top = top_tasks(m)
        for t in workers:
            if top.get(t, (0, False))[1]:
                last_in[t] = el
        time.sleep(0.05)
    w.result()
    st.close()
    stop(p)
    lag = ["%.2f" % (v - PHASE) if v is not None else "-" for v in last_in.values()]
    print(f"round {r}: last in the class after the change (s): {' '.join(lag)}; "
          f"keep_prev after it {keep}, class_recheck {recheck}; totals {st.totals}", flush=True)
