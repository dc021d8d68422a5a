import sys
sys.path.insert(0, "tests/vm")
import test_base as t
keys = ["wake_preempt_local", "handoff_follow", "wake_batch", "wake_batch_slept_soon", "wake_batch_ran_on"]
for flags in [(), ("--handoff-follow-us", "0"), ("--handoff-follow-us", "0", "--wake-batch-us", "0"), ("--handoff-follow-us", "0", "--wake-batch-min-us", "100")]:
    alone, m, shared, hs, mh = t.unpinned_hand_offs(*flags)
    print("UNPINNED", flags, f"{alone:.0f} ops/s", {k: m[k] for k in keys}, flush=True)
for flags in [("--wake-batch-us", "1000"), ("--wake-batch-us", "1000", "--wake-batch-min-us", "100")]:
    m = t.pinned_sem_pairs(*flags)
    print("PINNED", flags, {k: m[k] for k in keys}, flush=True)
