#!/bin/sh
# Session 54: the four new ext items (stress-fork, stress-mmap, stress-nanosleep, stress-sem),
# 8 reps, 2 vCPUs (pinned, one host core each), on 6.12 then 7.2.
cd /work/main
K=/work/shared/vmtest
export BPF_CLANG=clang-19
for k in 6.12.117 7.2.13; do
  export SCX_VM_KERNEL=$K/bzImage-$k-scx
  for i in 11 12 13 14; do
    tools/vm/suite -c 2 -r 8 -t 4 -i $i -o results/s54/new-$k ext > results/s54/new-$k-$i.log 2>&1
  done
done
echo done > results/s54/chain1.done
