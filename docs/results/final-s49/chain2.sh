#!/bin/sh
# Session 49, after chain.sh: sysbench-threads (ext item 1) with the statistics sampled every
# 0.2 s (la-final against la-base: session 48's search changes read 0.84-0.85 there), then the
# harness's kernel-lock waits traced in a guest (harness/trace.sh).
cd /work/main
while pgrep -f "chain.sh" > /dev/null || pgrep -f "tools/vm/" > /dev/null; do sleep 10; done
K=/work/shared/vmtest
export SCX_VM_KERNEL=$K/bzImage-6.12.117-scx
export SCX_REF="before=/work/main/results/s48/la-base"
O=results/s49
SCX_AB_OPTS="--sample-stats --stats-interval-ms 200" \
  tools/vm/suite -c 2 -r 5 -t 4 -i 1 -o $O/ext2-stats ext > $O/suite-ext-stats.log 2>&1
tools/vm/vmrun --cpus 2 --memory 2G --timeout 900 -- sh results/s49/harness/trace.sh > $O/harness/vm.log 2>&1
echo done > $O/chain2.done
