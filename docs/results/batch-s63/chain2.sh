#!/bin/sh
# Session 63: --wake-batch-us 1000 after its waker_slept() back-off (a kept waker that sleeps
# within --wake-batch-min-us, 15, is not tried for a while), on the wake-up items of the ext
# suite and micro sem, both kernels, 2 vCPUs pinned, 3 reps of 4 s.
cd /work/main
. .cache/env.sh
O=results/s63
export SCX_REF="batch1000=/work/main/target/release/scx_lockaware --wake-batch-us 1000"
for k in 6.12.117 7.2.13; do
  for i in 18 4 5 7 9 15; do
    SCX_VM_KERNEL=/work/shared/vmtest/bzImage-$k-scx \
      tools/vm/suite -c 2 -r 3 -t 4 -i $i -o $O/min-ext-$k ext > $O/min-ext-$k-$i.log 2>&1
  done
  SCX_VM_KERNEL=/work/shared/vmtest/bzImage-$k-scx \
    tools/vm/suite -c 2 -r 3 -t 4 -i 4 -o $O/min-micro-$k micro > $O/min-micro-$k.log 2>&1
done
date > $O/min.done
