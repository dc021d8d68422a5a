#!/bin/sh
# The 1-ms credit on the ext suite's other items and the lock suite's counter-mutex and mmap,
# Linux 7.2, 2 vCPUs pinned, 3 reps of 4 s (after credit-chain.sh and credit-inform.sh).
cd /work/main
. .cache/env.sh
while [ ! -e results/s62/credit-inform.done ]; do sleep 10; done
for i in 1 3 6 8 10 11 12 14 16 17; do
  SCX_VM_KERNEL=/work/shared/vmtest/bzImage-7.2.13-scx \
  SCX_REF="credit1000=/work/main/target/release/scx_lockaware --wake-credit-us 1000" \
    tools/vm/suite -c 2 -r 3 -t 4 -i $i -o results/s62/credit-7.2 ext > results/s62/credit-7.2-$i.log 2>&1
done
for i in 1 2; do
  SCX_VM_KERNEL=/work/shared/vmtest/bzImage-7.2.13-scx \
  SCX_REF="credit1000=/work/main/target/release/scx_lockaware --wake-credit-us 1000" \
    tools/vm/suite -c 2 -r 3 -t 4 -i $i -o results/s62/credit-lock-7.2 lock > results/s62/credit-lock-7.2-$i.log 2>&1
done
date > results/s62/credit-rest.done
