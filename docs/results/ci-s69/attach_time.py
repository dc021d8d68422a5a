import sys, time, os
sys.path.insert(0, "tests/vm")
import test_lockaware as tl
from test_ssc import Stats, stop
from test_risks import Hogs
for i in range(3):
    t0 = time.monotonic()
    p = tl.start()
    t1 = time.monotonic()
    st = Stats(); st.get()
    t2 = time.monotonic()
    h = Hogs(os.cpu_count())
    t3 = time.monotonic()
    h.kill()
    t4 = time.monotonic()
    st.close()
    stop(p)
    tl.STARTED.clear()
    t5 = time.monotonic()
    print(f"attach {t1-t0:.2f} stats {t2-t1:.2f} hogs {t3-t2:.2f} kill {t4-t3:.2f} stop {t5-t4:.2f}", flush=True)
