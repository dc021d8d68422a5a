#!/bin/sh
# A first read of a 1-ms wake-up credit (--wake-credit-us 1000, the default is the slice, 5 ms)
# on the ext items most sensitive to wake-up preemption, Linux 7.2, 2 vCPUs pinned, 3 reps of 4 s.
cd /work/main
. .cache/env.sh
for i in 18 7 5 9 15 2 4 13; do
  SCX_VM_KERNEL=/work/shared/vmtest/bzImage-7.2.13-scx \
  SCX_REF="credit1000=/work/main/target/release/scx_lockaware --wake-credit-us 1000" \
    tools/vm/suite -c 2 -r 3 -t 4 -i $i -o results/s62/credit-7.2 ext > results/s62/credit-7.2-$i.log 2>&1
done
date > results/s62/credit.done
