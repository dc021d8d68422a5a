"""Session 35: the SSC wake-up preemption test's measurement (tests/vm/test_base.py,
ssc_wakeup_delay()) with every counter of the scheduler's and each workload thread's CPU
(sampled every 0.5 s), N times free and next to 2 hogs. Run from the repository root in the
4-vCPU guest: tools/vm/vmrun --kernel K --cpus 4 --memory 2G -- python3 THIS (N=3 in the
environment for 3 pairs)."""
import json, os, subprocess, sys, time
sys.path.insert(0, "tests/vm")
from test_risks import attached
from test_ssc import WORKLOADS

def run(hogs, extra=()):
    with attached("--ssc-cpus", "0-1", *extra, hogs=hogs, cpus="0-1") as r:
        time.sleep(1)
        w = subprocess.Popen(["taskset", "-c", "0-1", str(WORKLOADS), "futex", "--mode",
                              "handoff", "--workers", "2", "--sleep-us", "2000",
                              "--work-us", "100", "--fifo-waker", "--duration", "5"],
                             stdout=subprocess.PIPE, text=True)
        r.stats.get()
        m = {}
        cpus = {}
        while True:
            done = w.poll() is not None
            s = r.stats.get()
            for k, v in s.items():
                if isinstance(v, (int, float)):
                    m[k] = m.get(k, 0) + v
            if not done:
                try:
                    for t in os.listdir(f"/proc/{w.pid}/task"):
                        with open(f"/proc/{w.pid}/task/{t}/stat") as f:
                            fl = f.read().rsplit(")", 1)[1].split()
                        cpus.setdefault(t, []).append(fl[36])
                except OSError:
                    pass
            if done:
                break
            time.sleep(0.5)
        out = w.stdout.read()
    res = json.loads(out.strip().splitlines()[-1])
    waits = sum(h["waits"] for h in res["handoff"])
    delay = sum(h["until_run_s"] - h["wait_s"] for h in res["handoff"])
    keys = [k for k in sorted(m) if m[k] and ("wake" in k or "ssc" in k or "preempt" in k or "defer" in k or "gran" in k)]
    print(f"hogs={hogs} delay={1e6*delay/max(waits,1):.0f}us waits={waits}", {k: m[k] for k in keys})
    print("  task cpus:", {t: "".join(c) for t, c in cpus.items()})

for i in range(int(os.environ.get("N", "2"))):
    run(0)
    run(2)
