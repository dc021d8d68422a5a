"""statsnap.py OUT CMD...: connect to the scheduler's stats socket, run CMD, print the counter
deltas over CMD (one JSON line) to OUT."""
import json, subprocess, sys
sys.path.insert(0, "/work/main/tests/vm")
from test_ssc import Stats
out = sys.argv[1]
st = Stats()
st.get()
r = subprocess.run(sys.argv[2:])
m = st.get()
with open(out, "a") as f:
    f.write(json.dumps(m) + "\n")
sys.exit(r.returncode)
