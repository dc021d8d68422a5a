#!/bin/sh
# Session 55: the quiet-time leave rule against the build before it (.cache/base-s55) and
# EEVDF on the third-party lock items (sysbench mutex, stress-ng futex and flock; 5 reps) and
# lock item 2 (mmap) again with 8 reps, all at 2 vCPUs on 6.12.
cd /work/main
export BPF_CLANG=clang-19 SCX_VM_KERNEL=/work/shared/vmtest/bzImage-6.12.117-scx
export SCX_REF="base=/work/main/.cache/base-s55/scx_lockaware"
for i in 2 7 8; do
  tools/vm/suite -c 2 -r 5 -t 4 -i $i -o results/s55/ext2 ext > results/s55/ext2-$i.log 2>&1
done
tools/vm/suite -c 2 -r 8 -t 4 -i 2 -o results/s55/mmap8 lock > results/s55/mmap8.log 2>&1
echo done > results/s55/chain2.done
