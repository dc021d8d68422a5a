#!/bin/sh
# Session 55: lock item 5 (ssc-sizes: the search against fixed SSC sizes, 2N threads on one
# mutex) at 2 vCPUs, 3 reps, with the build before as one more variant.
cd /work/main
export BPF_CLANG=clang-19 SCX_VM_KERNEL=/work/shared/vmtest/bzImage-6.12.117-scx
export SCX_REF="base=/work/main/.cache/base-s55/scx_lockaware"
tools/vm/suite -c 2 -r 3 -t 4 -i 5 -o results/s55/sizes lock > results/s55/sizes.log 2>&1
echo done > results/s55/chain4.done
