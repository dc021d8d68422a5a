#!/bin/sh
# session 83: perf bench sched pipe (ext item 9) read 0.78 of EEVDF on 7.2 in chain.sh, where
# session 66 read 1.39: the sync wake-up rule off (`nosync`, --no-wake-sync) beside the default,
# 8 reps of 4 s, 2 vCPUs pinned, on 7.2 and on 6.12.
cd /work/main; . .cache/env.sh
D=docs/results/s83
export SCX_REF="nosync=/work/main/target/release/scx_lockaware --no-wake-sync" SCX_AB_OPTS=--sample-stats
SCX_VM_KERNEL=$SCX_VM_KERNEL_72 tools/vm/suite -c 2 -r 8 -t 4 -i 9 -o $D/pipe-7.2 ext
tools/vm/suite -c 2 -r 8 -t 4 -i 9 -o $D/pipe-6.12 ext
echo chain3 done
