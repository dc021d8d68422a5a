#!/bin/sh
# Session 62, second part: issue #9's ext suite, issue #12's sleeping items and the lock
# suite's first two items at 4 vCPUs (oversubscribed: 4 vCPUs on the 2 host cores, not
# pinned), Linux 6.12, 5 reps of 4 s.
cd /work/main
. .cache/env.sh
mkdir -p results/s62
SCX_VM_KERNEL=/work/shared/vmtest/bzImage-6.12.117-scx \
  tools/vm/suite -c 4 -r 5 -t 4 -o results/s62/ext-4 ext > results/s62/ext-4.log 2>&1
date > results/s62/ext4.done
for i in 4 6 8; do
  SCX_VM_KERNEL=/work/shared/vmtest/bzImage-6.12.117-scx \
    tools/vm/suite -c 4 -r 5 -t 4 -i $i -o results/s62/inform-4 inform > results/s62/inform-4-$i.log 2>&1
done
date > results/s62/inform4.done
for i in 1 2; do
  SCX_VM_KERNEL=/work/shared/vmtest/bzImage-6.12.117-scx \
    tools/vm/suite -c 4 -r 5 -t 4 -i $i -o results/s62/lock-4 lock > results/s62/lock-4-$i.log 2>&1
done
date > results/s62/chain.done
