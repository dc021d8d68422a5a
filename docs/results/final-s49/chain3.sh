#!/bin/sh
# Session 49: does the variants' order bias a this/before ratio? The same two builds with
# their places swapped: session 47's build (la-base) as "lockaware" (second) and session 48's
# final build (la-final) as the reference "after" (last): sysbench-threads and fork-control.
cd /work/main
while pgrep -f "tools/vm/" > /dev/null; do sleep 10; done
cp target/release/scx_lockaware results/s49/la-save
cp results/s48/la-base target/release/scx_lockaware
K=/work/shared/vmtest
export SCX_VM_KERNEL=$K/bzImage-6.12.117-scx
export SCX_REF="after=/work/main/results/s48/la-final"
O=results/s49/swap
mkdir -p $O
SCX_AB_OPTS="--sample-stats --stats-interval-ms 200" \
  tools/vm/suite -c 2 -r 5 -t 4 -i 1 -o $O ext > $O/suite-ext-1.log 2>&1
tools/vm/suite -c 2 -r 5 -t 4 -i 4 -o $O lock > $O/suite-lock-4.log 2>&1
cp results/s49/la-save target/release/scx_lockaware
echo done > results/s49/chain3.done
