"""Session 58, in the guest (tools/vm/vmrun ... -- $PY docs/results/sync-s58/overlap.py
[ROUNDS [SETTING...]]; the guest gets no environment, hence arguments):
--wake-sync's guard at several --wake-sync-overlap-us settings, on perf bench sched pipe (a
ping-pong: the waker sleeps at once) and stress-ng --pipe 1 (a streaming writer that runs on),
ROUNDS rounds interleaved. Prints each run's rate and the scheduler's wake_sync and
wake_sync_runs_on counts."""
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "../../../tests/vm"))
from test_risks import attached  # noqa: E402



def pipe():
    out = subprocess.run(["perf", "bench", "sched", "pipe", "-l", "40000"], check=True,
                         capture_output=True, text=True, timeout=300).stdout
    return float(re.search(r"([0-9.]+) ops/sec", out).group(1))


def stream():
    """stress-ng --pipe 1 for 4 s: its bogo ops/s (real time)."""
    out = subprocess.run(["stress-ng", "--pipe", "1", "-t", "4", "--metrics-brief"],
                         capture_output=True, text=True, timeout=120)
    for line in (out.stdout + out.stderr).splitlines():
        f = line.split()
        if len(f) > 8 and f[3] == "pipe" and f[4].isdigit():
            return float(f[8])
    raise RuntimeError(out.stderr)


if __name__ == "__main__":
    ROUNDS = int(sys.argv[1]) if len(sys.argv) > 1 else 2
    SETTINGS = sys.argv[2:] or "off 10 50 200 1000 5000".split()
    for rnd in range(ROUNDS):
        for setting in SETTINGS:
            flags = ["--no-futex", "--no-kernel-locks"]
            # As run in session 58 the rule was behind --wake-sync; it is the default since.
            flags += (["--no-wake-sync"] if setting == "off"
                      else ["--wake-sync-overlap-us", setting])
            for name, work in (("pipe", pipe), ("stream", stream)):
                with attached(*flags) as r:
                    r.stats.get()
                    rate = work()
                    m = r.stats.get()
                print(f"round {rnd} setting {setting:>5} {name:6} {rate:12.1f} ops/s  "
                      f"wake_sync {m['wake_sync']:7}  runs_on {m['wake_sync_runs_on']:7}  "
                      f"direct_idle {m['direct_idle']:7}", flush=True)
