#!/bin/sh
# Session 62: issue #12's inform suite and issue #9's ext suite at 4 vCPUs with the current
# build (79f3dbc: session 60's scheduler, session 61's statistics line). 5 reps of 4 s.
# The 2-vCPU guests are pinned a vCPU per host core; the 4-vCPU guests are oversubscribed
# (4 vCPUs on the 2 host cores, not pinned).
cd /work/main
. .cache/env.sh
mkdir -p results/s62
# (started by hand first: tools/vm/suite -c 2 -r 5 -t 4 -o results/s62/inform-2 inform, 6.12)
SCX_VM_KERNEL=/work/shared/vmtest/bzImage-7.2.13-scx \
  tools/vm/suite -c 2 -r 5 -t 4 -o results/s62/inform-2-7.2 inform > results/s62/inform-2-7.2.log 2>&1
date > results/s62/inform72.done
# Three more third-party items (this session): stress-ng lockf, sem-sysv and mq, items 16-18
# of the ext suite, on both kernels.
for k in 6.12.117 7.2.13; do
  for i in 16 17 18; do
    SCX_VM_KERNEL=/work/shared/vmtest/bzImage-$k-scx \
      tools/vm/suite -c 2 -r 5 -t 4 -i $i -o results/s62/ext3-$k ext > results/s62/ext3-$k-$i.log 2>&1
  done
done
date > results/s62/ext3.done
