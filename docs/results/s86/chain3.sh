#!/bin/sh
# Session 86, after chain2.sh: the inform suite's pthread barrier again (chain.sh read the
# default at 0.67 (0.46-0.96) of --balance-woken in 5 reps), 8 interleaved reps of 4 s,
# 2 vCPUs pinned, Linux 6.12.117, the same variants.
cd /work/main; . .cache/env.sh
D=docs/results/s86
B=/work/main/target/release
until grep -q "^chain2 done" .cache/s86-chain2.log 2>/dev/null; do sleep 5; done
export SCX_AB_OPTS=--sample-stats
SCX_REF="informwoken=$B/scx_lockaware --inform-lib /work/main/target/inform/libinform.so --balance-woken" \
INFORM_SHIM_VARIANTS="inform informwoken" \
  tools/vm/suite -c 2 -r 8 -t 4 -i 8 -o $D/barrier-2 inform
echo chain3 done
