#!/bin/sh
# Session 55: counter-mutex (lock item 1) on 7.2 at 2 vCPUs, 5 reps, the build before as one
# more variant.
cd /work/main
export BPF_CLANG=clang-19 SCX_VM_KERNEL=/work/shared/vmtest/bzImage-7.2.13-scx
export SCX_REF="base=/work/main/.cache/base-s55/scx_lockaware"
tools/vm/suite -c 2 -r 5 -t 4 -i 1 -o results/s55/k72 lock > results/s55/k72.log 2>&1
echo done > results/s55/chain5.done
