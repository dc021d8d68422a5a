#!/bin/sh
# Session 57: --wake-sync (a sync wake-up goes to its waker's CPU) against the default and EEVDF,
# third-party items at 2 vCPUs (pinned, not oversubscribed), 6.12, 5 interleaved reps of 4 s.
cd /work/main
. .cache/env.sh
export SCX_VM_KERNEL=/work/shared/vmtest/bzImage-6.12.117-scx
for i in 9 5 2 11 13 3 1; do
  SCX_REF="sync=/work/main/target/release/scx_lockaware --wake-sync" \
    tools/vm/suite -c 2 -r 5 -t 4 -i $i -o results/s57/sync-6.12 ext > results/s57/sync-6.12-$i.log 2>&1
done
echo done > results/s57/chain4.done
