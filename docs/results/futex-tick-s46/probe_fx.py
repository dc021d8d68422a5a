# Probe: one mutex process whose threads spend the time between sections in futex(2) or
# getppid(2): per-thread utime/stime and the scheduler's shares.
import sys, time, os
sys.path.insert(0, "tests/vm")
from test_ssc import Stats, Workload, start, stop, top_tasks
from pathlib import Path
p = start(*sys.argv[2:])
st = Stats(); st.get()
w = Workload("mutex", "--lock-threads", "2", "--cpu-threads", "0", "--cs-ns", "10000",
             "--outside-ns", "90000", "--duration", "6", "--outside-in", sys.argv[1])
tids = w.tids(2)
def snap():
    out = {}
    for t in tids:
        f = Path(f"/proc/{w.p.pid}/task/{t}/stat").read_text().rsplit(")", 1)[1].split()
        out[t] = (int(f[11]), int(f[12]))
    return out
time.sleep(1); a = snap(); samples = []
for i in range(8):
    time.sleep(0.5)
    top = top_tasks(st.get())
    samples.append({t: top.get(t) for t in tids})
b = snap()
print(sys.argv[1], "utime/stime ticks over 4 s:", {t: (b[t][0]-a[t][0], b[t][1]-a[t][1]) for t in tids})
print(samples)
print(w.result())
st.close(); stop(p)
