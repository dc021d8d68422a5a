#!/bin/sh
# Session 51: stress-ng futex with the kernel's scx_simple as a reference (the price of
# sched_ext's own path), 6.12, at 4 vCPUs (oversubscribed) and at 2, 6 reps each.
cd /work/main
while pgrep -f "tools/vm/" > /dev/null; do sleep 10; done
export BPF_CLANG=clang-19
export SCX_VM_KERNEL=/work/shared/vmtest/bzImage-6.12.117-scx
export SCX_REF="simple=/work/main/.cache/scx-simple-6.12/scx_simple"
tools/vm/suite -c 4 -r 6 -t 4 -i 7 -o results/s51/simple-c4 ext > results/s51/simple-c4-7.log 2>&1
tools/vm/suite -c 2 -r 6 -t 4 -i 7 -o results/s51/simple-c2 ext > results/s51/simple-c2-7.log 2>&1
echo done > results/s51/chain6.done
