#!/bin/sh
# Session 51: the one-LLC idle pick (target/release) against ca36ade's build, ext items
# messaging, stress-futex, sched-pipe, 8 reps, 2 vCPUs, 7.2.
cd /work/main
K=/work/shared/vmtest
export BPF_CLANG=clang-19
export SCX_REF="before=/work/main/results/s51/bin/la-ca36ade"
export SCX_VM_KERNEL=$K/bzImage-7.2.13-scx
for i in 5 7 9; do
  tools/vm/suite -c 2 -r 8 -t 4 -i $i -o results/s51/pick-k72 ext > results/s51/pick-k72-$i.log 2>&1
done
echo done > results/s51/chain2.done
