"""Per run of an item's runs.jsonl: the variant, its metric and the scheduler's sync wake-up
counters summed over the per-second samples (wake_sync kept on the waker's CPU,
wake_sync_runs_on left by the guard). Usage: wakes.py RUNS.jsonl[.gz]"""
import gzip
import json
import sys

path = sys.argv[1]
for line in (gzip.open if path.endswith(".gz") else open)(path, "rt"):
    r = json.loads(line)
    s = (r.get("sched_stats") or {}).get("samples") or []
    kept = sum(x["stats"].get("wake_sync", 0) for x in s)
    left = sum(x["stats"].get("wake_sync_runs_on", 0) for x in s)
    share = f"{left / (kept + left):.3f}" if kept + left else "-"
    print(f"rep {r['rep']} {r['variant']:10} {r['metric']:12.1f}  kept {kept:8}  left {left:8}"
          f"  left share {share}")
