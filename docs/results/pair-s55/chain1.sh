#!/bin/sh
# Session 55: the quiet-time leave rule (class_dwell_ns 1 s, class_quiet_ns 0.25 s, cap 10 s)
# against the build before it (.cache/base-s55, the 0.1-s dwell capped at 2 s) and EEVDF:
# lock items 1-3 (counter-mutex, mmap, postmark) at 2 vCPUs, then counter-mutex at 4 vCPUs.
cd /work/main
export BPF_CLANG=clang-19 SCX_VM_KERNEL=/work/shared/vmtest/bzImage-6.12.117-scx
export SCX_REF="base=/work/main/.cache/base-s55/scx_lockaware"
for i in 1 2 3; do
  tools/vm/suite -c 2 -r 5 -t 4 -i $i -o results/s55/lock2 lock > results/s55/lock2-$i.log 2>&1
done
tools/vm/suite -c 4 -r 5 -t 4 -i 1 -o results/s55/lock4 lock > results/s55/lock4-1.log 2>&1
echo done > results/s55/chain1.done
