#!/bin/sh
# Session 61: issue #9's goals with one build (642ff15), 2 vCPUs pinned, 5 reps of 4 s.
cd /work/main
. .cache/env.sh
mkdir -p results/s61
export SCX_VM_KERNEL=/work/shared/vmtest/bzImage-6.12.117-scx
date > results/s61/start
tools/vm/suite -c 2 -r 5 -t 4 -o results/s61/ext-6.12 ext > results/s61/ext-6.12.log 2>&1
date > results/s61/ext.done
for i in 1 2 3 4; do
  tools/vm/suite -c 2 -r 5 -t 4 -i $i -o results/s61/lock-6.12 lock > results/s61/lock-6.12-$i.log 2>&1
done
date > results/s61/lock.done
tools/vm/suite -c 2 -r 5 -t 4 -o results/s61/micro-6.12 micro > results/s61/micro-6.12.log 2>&1
date > results/s61/micro.done
export SCX_VM_KERNEL=/work/shared/vmtest/bzImage-7.2.13-scx
tools/vm/suite -c 2 -r 5 -t 4 -o results/s61/ext-7.2 ext > results/s61/ext-7.2.log 2>&1
date > results/s61/chain.done
# Then (build 1bf7581: the same scheduler with this session's statistics line): lock items 1-4
# on 7.2, and lock item 5 (ssc-sizes) with the scheduler's statistics sampled, on both kernels.
for i in 1 2 3 4; do
  tools/vm/suite -c 2 -r 5 -t 4 -i $i -o results/s61/lock-7.2 lock > results/s61/lock-7.2-$i.log 2>&1
done
for k in 6.12.117 7.2.13; do
  SCX_VM_KERNEL=/work/shared/vmtest/bzImage-$k-scx SCX_AB_OPTS=--sample-stats \
    tools/vm/suite -c 2 -r 5 -t 4 -i 5 -o results/s61/sizes-$k lock > results/s61/sizes-$k.log 2>&1
done
SCX_VM_KERNEL=/work/shared/vmtest/bzImage-7.2.13-scx tools/vm/suite -c 2 -r 5 -t 4 -o results/s61/micro-7.2 micro > results/s61/micro-7.2.log 2>&1
SCX_VM_KERNEL=/work/shared/vmtest/bzImage-7.2.13-scx tools/vm/suite -c 2 -r 8 -t 4 -i 12 -o results/s61/mmap8-7.2 ext > results/s61/mmap8-7.2.log 2>&1
