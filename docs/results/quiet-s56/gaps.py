"""How long the confined mutex pair goes without a lock wait: the pair of
tests/vm/test_ssc.py's test_two_threads_on_one_mutex_stay_lock_intensive, the scheduler's
statistics read every 0.05 s. Per round: the quiet stretches (consecutive samples with no
futex wait and no kernel lock wait seen, system-wide) while both workers are in the class, as
a histogram in 0.05-s steps, each exit from the class (the scheduler's lock_out and lock_out_quiet
counts), each worker's spells out of the class and the SSC's size when it changed.
usage (in a guest, repository root): python3 gaps.py ROUNDS [scx_lockaware args...]"""
import collections
import sys
import time

sys.path.insert(0, "tests/vm")
from test_ssc import Stats, Workload, top_tasks, stop  # noqa: E402
from test_lockaware import start  # noqa: E402

STEP = 0.05
for r in range(int(sys.argv[1])):
    p = start(*sys.argv[2:])
    st = Stats()
    st.get()
    w = Workload("counter", "--lock", "mutex", "--workers", "2", "--duration", "10")
    a, b = w.tids(2)
    t0 = time.monotonic()
    rows, outs = [], []
    while w.p.poll() is None:
        m = st.get()
        top = top_tasks(m)
        rows.append((time.monotonic() - t0, m.get("futex_waits", 0) + m.get("klock_waits", 0),
                     top.get(a, (0, False))[1], top.get(b, (0, False))[1]))
        outs.append((m.get("lock_out", 0), m.get("lock_out_quiet", 0), m.get("ssc_size")))
        time.sleep(STEP)
    res = w.result()
    st.close()
    stop(p)
    hist = collections.Counter()
    exits = []
    quiet, prev = 0, (True, True)
    for (el, waits, ia, ib), (out, outq, size) in zip(rows, outs):
        if out:
            exits.append("%.2f: %d out, %d quiet, SSC %s" % (el, out, outq, size))
        if el < 2:
            prev = (ia, ib)
            continue
        if (prev[0] and not ia) or (prev[1] and not ib):
            exits.append("%.2f a worker left" % el)
        if ia and ib and not waits:
            quiet += 1
        else:
            if quiet:
                hist[quiet] += 1
            quiet = 0
        prev = (ia, ib)
    spells = []  # per worker, the spells out of the class after 2 s: (left, back)
    for k in (2, 3):
        left = None
        for row in rows:
            if row[0] < 2:
                continue
            if not row[k] and left is None:
                left = row[0]
            elif row[k] and left is not None:
                spells.append("%.1f-%.1f" % (left, row[0]))
                left = None
    sizes = [(round(el, 1), o[2]) for (el, *_), o, q in zip(rows, outs, [None] + outs)
             if q is None or o[2] != q[2]]
    print(f"round {r}: ops/s {res['ops_per_s']:.0f}, {len(rows)} samples; quiet stretches "
          f"(samples of {STEP} s: count) {dict(sorted(hist.items()))}; exits: {exits}; out of the class {spells}; SSC sizes {sizes}",
          flush=True)
