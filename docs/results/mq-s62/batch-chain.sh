#!/bin/sh
# --wake-batch-us 1000 (a waker keeps its CPU for its wakee until it sleeps, unless it ran on
# past 1 ms after such a wake-up in the last 100 ms) beside EEVDF, the default and notrace on
# the wake-up-sensitive ext items, Linux 7.2, 2 vCPUs pinned, 3 reps of 4 s.
cd /work/main
. .cache/env.sh
for i in ${ITEMS:-18 7 9 5}; do
  SCX_VM_KERNEL=/work/shared/vmtest/bzImage-7.2.13-scx \
  SCX_REF="batch1000=/work/main/target/release/scx_lockaware --wake-batch-us 1000" \
    tools/vm/suite -c 2 -r 3 -t 4 -i $i -o results/s62/batch-7.2 ext > results/s62/batch-7.2-$i.log 2>&1
done
date > results/s62/batch.done
