"""The mutex pair of tests/vm/test_ssc.py's test_two_threads_on_one_mutex_stay_lock_intensive,
sampled every 0.1 s: per worker (share %, in the class) and the ops/s at the end.
usage (in a guest, from the repository root): python3 trace.py ROUNDS [scx_lockaware args...]"""
import sys
import time

sys.path.insert(0, "tests/vm")
from test_ssc import Stats, Workload, top_tasks, stop  # noqa: E402
from test_lockaware import start  # noqa: E402

for r in range(int(sys.argv[1])):
    p = start(*sys.argv[2:])
    st = Stats()
    st.get()
    w = Workload("counter", "--lock", "mutex", "--workers", "2", "--duration", "10")
    a, b = w.tids(2)
    t0 = time.monotonic()
    rows = []
    while w.p.poll() is None:
        top = top_tasks(st.get())
        rows.append("%.1f %s %s" % (time.monotonic() - t0,
                                    "%5.1f%s" % (top.get(a, (0, False))[0], "*" if top.get(a, (0, False))[1] else " "),
                                    "%5.1f%s" % (top.get(b, (0, False))[0], "*" if top.get(b, (0, False))[1] else " ")))
        time.sleep(0.1)
    res = w.result()
    st.close()
    stop(p)
    both = sum(1 for x in rows if x.count("*") == 2)
    print(f"round {r}: ops/s {res['ops_per_s']:.0f} both-in {both}/{len(rows)} totals {st.totals}")
    print("  " + " | ".join(rows))
