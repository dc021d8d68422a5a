import sys, time
sys.path.insert(0, "tests/vm")
from test_base import pipe_pair_sync_wakes
reps = int(sys.argv[1])
flags = sys.argv[2:]
for i in range(reps):
    t = time.monotonic()
    n, left = pipe_pair_sync_wakes(*flags)
    print(f"rep {i} flags {flags}: kept {n} left {left} in {time.monotonic()-t:.1f}s", flush=True)
