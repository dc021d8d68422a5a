#!/bin/sh
# Session 54: stress-fork and stress-sem again on 7.2 (chain1's 7.2 runs of both overlapped
# host-side package installs and another guest). (Its second half, the nanosleep counters,
# ran as chain3.sh.)
cd /work/main
K=/work/shared/vmtest
export BPF_CLANG=clang-19
export SCX_VM_KERNEL=$K/bzImage-7.2.13-scx
for i in 11 14; do
  tools/vm/suite -c 2 -r 8 -t 4 -i $i -o results/s54/new2-7.2.13 ext > results/s54/new2-7.2.13-$i.log 2>&1
done
echo done > results/s54/chain2.done
