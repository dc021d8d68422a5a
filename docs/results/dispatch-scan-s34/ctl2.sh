#!/bin/sh
# The lock suite's counter-mutex, mmap and postmark items on 7.2, 2 vCPUs, 3 reps, with base beside.
cd /work/main
export SCX_VM_KERNEL=/work/shared/vmtest/bzImage-7.2.13-scx
export SCX_REF="base=/work/main/results/bin/s34/base"
for i in 1 2 3; do
  tools/vm/suite -c 2 -r 3 -t 4 -i $i -o results/s34/ctl-lock lock >> results/s34/ctl-lock.log 2>&1
done
echo done > results/s34/ctl2.done
