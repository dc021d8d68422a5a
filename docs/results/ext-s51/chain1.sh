#!/bin/sh
# Session 51: the two new ext items (sched-pipe, stress-cpu), 8 reps, 2 vCPUs, on 7.2 then 6.12.
cd /work/main
K=/work/shared/vmtest
export BPF_CLANG=clang-19
for k in 7.2.13 6.12.117; do
  export SCX_VM_KERNEL=$K/bzImage-$k-scx
  for i in 9 10; do
    tools/vm/suite -c 2 -r 8 -t 4 -i $i -o results/s51/new-$k ext > results/s51/new-$k-$i.log 2>&1
  done
done
echo done > results/s51/chain1.done
