#!/bin/sh
# Session 65: the inform suite's other five items (TTAS, ticket, MCS, the shim's pthread
# spinlock, the library barrier) at 4 vCPUs (OVERSUBSCRIBED: 4 vCPUs on 2 host cores),
# Linux 6.12, 5 interleaved reps of 4 s, 16 threads beside 4 CPU-bound loops.
cd /work/main
. .cache/env.sh
for i in 1 2 3 5 7; do
  SCX_VM_KERNEL=/work/shared/vmtest/bzImage-6.12.117-scx \
    tools/vm/suite -c 4 -r 5 -t 4 -i $i -o results/s65/inform-4 inform > results/s65/inform-4-$i.log 2>&1
done
date > results/s65/chain4.done
