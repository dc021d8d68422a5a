#!/bin/sh
# Session 58, after chain1: the streaming pipe (stress-ng --pipe, ext item 15: a waker that
# runs on after each sync wake-up, --wake-sync's risk) and perf bench sched pipe beside the
# kernel's scx_simple on 7.2 (whose default CPU selection keeps a sync wakee on its previous
# CPU when that one is idle, unlike 6.12's). 2 vCPUs pinned, 5 reps of 4 s; item 15 also at
# 4 vCPUs (oversubscribed).
cd /work/main
. .cache/env.sh
while [ ! -e results/s58/chain1.done ]; do sleep 20; done
SYNC="sync=/work/main/target/release/scx_lockaware --wake-sync"
for k in 6.12 7.2; do
  kern=/work/shared/vmtest/bzImage-$k.117-scx; [ $k = 7.2 ] && kern=/work/shared/vmtest/bzImage-7.2.13-scx
  SCX_VM_KERNEL=$kern SCX_REF="simple=/work/main/.cache/scx-simple-$k/scx_simple;$SYNC" \
    tools/vm/suite -c 2 -r 5 -t 4 -i 15 -o results/s58/pipe-$k ext > results/s58/pipe-$k-15.log 2>&1
done
SCX_VM_KERNEL=/work/shared/vmtest/bzImage-7.2.13-scx SCX_REF="simple=/work/main/.cache/scx-simple-7.2/scx_simple;$SYNC" \
  tools/vm/suite -c 2 -r 5 -t 4 -i 9 -o results/s58/pipe-7.2 ext > results/s58/pipe-7.2-9.log 2>&1
SCX_VM_KERNEL=/work/shared/vmtest/bzImage-6.12.117-scx SCX_REF="simple=/work/main/.cache/scx-simple-6.12/scx_simple;$SYNC" \
  tools/vm/suite -c 4 -r 5 -t 4 -i 15 -o results/s58/pipe4-6.12 ext > results/s58/pipe4-6.12-15.log 2>&1
echo done > results/s58/chain2.done
