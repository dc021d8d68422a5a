import sys, time, os
sys.path.insert(0, "tests/vm")
import test_lockaware as tl
import test_inform as ti
from test_risks import attached
T = time.monotonic()
def mark(s): print(f"{time.monotonic()-T:7.2f} {s}", flush=True)
cmd = ["--sleeping-waiter", "--threads", str(8 * os.cpu_count()), "--duration", "30",
       "--cs-ns", "2000000", "--nc-ns", "10000000"]
for flags in ((), ("--inform-lib", str(ti.LIB))):
    mark(f"start {flags}")
    p = tl.start(*flags); mark("attached")
    st = ti.Stats(); st.get(); mark("stats")
    h = ti.Hogs(4) if hasattr(ti, "Hogs") else __import__("test_risks").Hogs(4); mark("hogs")
    import subprocess
    proc = subprocess.Popen([str(ti.COUNTER), *cmd], stdout=subprocess.PIPE, text=True)
    time.sleep(2); mark("warm")
    time.sleep(4); mark("measured")
    proc.kill(); proc.wait(); mark("counter killed")
    h.kill(); mark("hogs killed")
    st.close(); ti.stop(p); tl.STARTED.clear(); mark("stopped")
