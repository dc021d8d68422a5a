#!/bin/sh
# Session 51, after chain6: the one-LLC idle search against ca36ade's build on the micro
# suite and the lock suite's counter-mutex, 7.2, 2 vCPUs, 5 reps.
cd /work/main
while [ ! -f results/s51/chain6.done ]; do sleep 10; done
while pgrep -f "tools/vm/" > /dev/null; do sleep 10; done
export BPF_CLANG=clang-19
export SCX_VM_KERNEL=/work/shared/vmtest/bzImage-7.2.13-scx
export SCX_REF="before=/work/main/results/s51/bin/la-ca36ade"
tools/vm/suite -c 2 -r 5 -t 4 -o results/s51/pick-k72-micro micro > results/s51/pick-k72-micro.log 2>&1
tools/vm/suite -c 2 -r 5 -t 4 -i 1 -o results/s51/pick-k72-lock lock > results/s51/pick-k72-lock-1.log 2>&1
echo done > results/s51/chain7.done
