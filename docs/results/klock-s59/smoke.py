import sys, os, subprocess, time
sys.path.insert(0, "/work/main/tests/vm")
from test_ssc import Stats, top_entries
from test_lockaware import state, ops
B = sys.argv[1]
def run(*args):
    print(B)
    p = subprocess.Popen([B, *args], stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    t = time.monotonic()
    while state() != "enabled" and time.monotonic() - t < 60: time.sleep(0.1)
    time.sleep(0.5)
    st = Stats(); st.get()
    tot = {}
    shares = {}
    dec = []; sz = []
    t0 = time.monotonic()
    s = subprocess.Popen(["stress-ng", "--pipe", "1", "--timeout", "6", "--metrics-brief"], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    while s.poll() is None:
        time.sleep(1)
        m = st.get()
        for k in ("klock_waits", "klock_seen", "lock_in", "lock_out", "ssc_enq", "ssc_direct", "wake_preempt", "ssc_wake_preempt", "lock_out_quiet", "lock_reenter", "class_recheck"):
            tot[k] = tot.get(k, 0) + m.get(k, 0)
        dec.append(m.get("search_decisions", "")[-200:]); sz.append(m.get("ssc_size"))
        for tid, sh, lock, spin in top_entries(m):
            shares.setdefault(tid, []).append((sh, spin))
    out = s.stdout.read()
    ops_s = [l for l in out.splitlines() if " pipe " in l]
    dt = time.monotonic() - t0
    st.close()
    p.send_signal(2); o = p.communicate()[0].decode()
    print(args, tot, "per s per cpu: seen %.0f traced %.0f" % (tot["klock_seen"]/dt/os.cpu_count(), tot["klock_waits"]/dt/os.cpu_count()))
    print("  ", ops_s[-1:] )
    print("  ssc", sz, dec[-1])
    print("  shares", {k: v[-3:] for k, v in shares.items()})
    if "rror" in o or "verifier" in o: print(o[-3000:])
H = sys.argv[2]
for r in range(3):
    B = sys.argv[1]
    run()
    run("--klock-trace-rate", "1000")
    B = H
    run()
