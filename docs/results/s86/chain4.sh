#!/bin/sh
# Session 86, after chain3.sh: the inform suite's pthread barrier with the balance off
# (`informnobal`: --inform-lib ... --no-balance) beside the default and the rule before,
# 8 interleaved reps of 4 s, 2 vCPUs pinned, Linux 6.12.117: do balance moves hold the
# barrier's speed?
cd /work/main; . .cache/env.sh
D=docs/results/s86
B=/work/main/target/release
L=/work/main/target/inform/libinform.so
export SCX_AB_OPTS=--sample-stats
SCX_REF="informwoken=$B/scx_lockaware --inform-lib $L --balance-woken;informnobal=$B/scx_lockaware --inform-lib $L --no-balance" \
INFORM_SHIM_VARIANTS="inform informwoken informnobal" \
  tools/vm/suite -c 2 -r 8 -t 4 -i 8 -o $D/barrier2-2 inform
echo chain4 done
