"""The mutex pair of tests/vm/test_ssc.py's test_two_threads_on_one_mutex_stay_lock_intensive
(two threads of counter on one glibc mutex for 20 s), once per variant per round, the variants
alternating: the samples from 4 to 19.5 s with both workers in the class (as the test counts
them, sampled every 0.25 s), the classification entries, quick returns and exits (dwell and
quiet), and the operations a second.
usage (in a guest, repository root): python3 pair20.py ROUNDS 'ARGS1' 'ARGS2' ...
(each ARGS a quoted list of scx_lockaware flags; '' is the default)."""
import shlex
import sys
import time

sys.path.insert(0, "tests/vm")
from test_ssc import Stats, Workload, top_tasks, stop  # noqa: E402
from test_lockaware import start  # noqa: E402

for r in range(int(sys.argv[1])):
    for args in sys.argv[2:]:
        p = start(*shlex.split(args))
        st = Stats()
        st.get()
        w = Workload("counter", "--lock", "mutex", "--workers", "2", "--duration", "20")
        workers = set(w.tids(2))
        t0 = time.monotonic()
        both = n = quiet = 0
        firsts = []
        while w.p.poll() is None:
            m = st.get()
            quiet += m.get("lock_out_quiet", 0)
            el = time.monotonic() - t0
            top = top_tasks(m)
            k = sum(1 for t in workers if top.get(t, (0, False))[1])
            if 4 < el < 19.5:
                n += 1
                both += k == 2
            if k == 2 and not firsts:
                firsts.append(round(el, 2))
            time.sleep(0.25)
        res = w.result()
        st.close()
        stop(p)
        t = st.totals
        print(f"round {r} [{args}]: both-in {both}/{n} ({both / max(n, 1):.2f}), ops/s "
              f"{res['ops_per_s']:.0f}, both first in at {firsts}, lock_in {t.get('lock_in')} "
              f"reenter {t.get('lock_reenter')} out {t.get('lock_out')} "
              f"quiet {quiet} recheck {t.get('class_recheck')}", flush=True)
