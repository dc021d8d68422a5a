#!/bin/sh
# Session 64, last: the inform suite's requester lock and pthread mutex (lock-intensive
# items, where the SSC exclusion acts) with the new default beside --wake-batch-us 0, 6.12,
# 2 vCPUs pinned, 3 reps of 4 s.
cd /work/main
. .cache/env.sh
export SCX_REF="nobatch=/work/main/target/release/scx_lockaware --wake-batch-us 0"
for i in 4 6; do
  tools/vm/suite -c 2 -r 3 -t 4 -i $i -o results/s64/inform-6.12 inform > results/s64/inform-6.12-$i.log 2>&1
done
date > results/s64/chain5.done
