#!/bin/sh
# Session 54: stress-ng nanosleep (ext item 13) beside the kernel's scx_simple, 8 reps, 2 vCPUs.
cd /work/main
K=/work/shared/vmtest
export BPF_CLANG=clang-19
for k in 6.12.117 7.2.13; do
  export SCX_VM_KERNEL=$K/bzImage-$k-scx
  SCX_REF="simple=$PWD/.cache/scx-simple-${k%.*}/scx_simple" \
    tools/vm/suite -c 2 -r 8 -t 4 -i 13 -o results/s54/simple-$k ext > results/s54/simple-$k-13.log 2>&1
done
echo done > results/s54/chain4.done
