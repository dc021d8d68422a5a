#!/bin/sh
# Session 58, with the guard (--wake-sync-overlap-us, default 100): --wake-sync against the
# default, EEVDF and the kernel's scx_simple on perf bench sched pipe (ext 9), stress-ng pipe
# (ext 15, the streaming writer) and messaging (ext 5): 6.12 and 7.2 at 2 vCPUs pinned,
# 6.12 at 4 vCPUs (oversubscribed). 5 interleaved reps of 4 s, one guest per item.
cd /work/main
. .cache/env.sh
SYNC="sync=/work/main/target/release/scx_lockaware --wake-sync"
for k in 6.12 7.2; do
  kern=/work/shared/vmtest/bzImage-6.12.117-scx; [ $k = 7.2 ] && kern=/work/shared/vmtest/bzImage-7.2.13-scx
  for i in 15 9 5; do
    SCX_VM_KERNEL=$kern SCX_REF="simple=/work/main/.cache/scx-simple-$k/scx_simple;$SYNC" \
      tools/vm/suite -c 2 -r 5 -t 4 -i $i -o results/s58/guard-$k ext > results/s58/guard-$k-$i.log 2>&1
  done
done
for i in 15 9 5; do
  SCX_VM_KERNEL=/work/shared/vmtest/bzImage-6.12.117-scx SCX_REF="simple=/work/main/.cache/scx-simple-6.12/scx_simple;$SYNC" \
    tools/vm/suite -c 4 -r 5 -t 4 -i $i -o results/s58/guard4-6.12 ext > results/s58/guard4-6.12-$i.log 2>&1
done
echo done > results/s58/chain3.done
