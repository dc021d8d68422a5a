#!/bin/sh
# Session 60, last: la-spare (the final build) against la-clamp on messaging (ext 5: socket
# writes, sync wake-ups) and stress-ng flock (ext 8: lock-intensive workers), 6 reps.
cd /work/main
. .cache/env.sh
E=/work/main/.cache/exp
for i in 5 8; do
  SCX_VM_KERNEL=/work/shared/vmtest/bzImage-6.12.117-scx SCX_AB_OPTS=--sample-stats SCX_REF="clamp=$E/la-clamp" \
    tools/vm/suite -c 2 -r 6 -t 4 -i $i -o results/s60/spare-6.12 ext > results/s60/spare-6.12-$i.log 2>&1
done
