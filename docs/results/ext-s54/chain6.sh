#!/bin/sh
# Session 54: the four new ext items at 4 vCPUs (oversubscribed: 2 host cores, unpinned), 5 reps, 6.12.
cd /work/main
K=/work/shared/vmtest
export BPF_CLANG=clang-19
export SCX_VM_KERNEL=$K/bzImage-6.12.117-scx
for i in 11 12 13 14; do
  tools/vm/suite -c 4 -r 5 -t 4 -i $i -o results/s54/c4-6.12.117 ext > results/s54/c4-6.12.117-$i.log 2>&1
done
echo done > results/s54/chain6.done
