#!/bin/sh
# --wake-batch-us 1000 (a waker keeps its CPU for its wakee until it sleeps, unless it ran on
# past 1 ms after such a wake-up lately: see --help) beside EEVDF, the default and notrace on
# the wake-up-sensitive ext items, Linux 7.2, 2 vCPUs pinned, 3 reps of 4 s (OUT: the folder).
cd /work/main
. .cache/env.sh
for i in ${ITEMS:-18 7 9 5}; do
  SCX_VM_KERNEL=/work/shared/vmtest/bzImage-7.2.13-scx \
  SCX_REF="batch1000=/work/main/target/release/scx_lockaware --wake-batch-us 1000" \
    tools/vm/suite -c 2 -r 3 -t 4 -i $i -o ${OUT:-results/s62/batch-7.2} ext > ${OUT:-results/s62/batch-7.2}-$i.log 2>&1
done
date > ${OUT:-results/s62/batch-7.2}.done
