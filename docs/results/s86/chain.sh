#!/bin/sh
# Session 86: the default of 0fed787 (the balance leaves a woken task where its wake-up put
# it, session 85) at 2 vCPUs pinned a vCPU per host core (not oversubscribed), Linux 6.12.117,
# 5 interleaved reps of 4 s, stats sampled: the ext suite with --balance-woken (the rule
# before) beside, then issue #12's inform suite with `informwoken` (--inform-lib
# --balance-woken, the pthread items under the shim as for `inform`) beside.
cd /work/main; . .cache/env.sh
D=docs/results/s86
B=/work/main/target/release
export SCX_AB_OPTS=--sample-stats
SCX_REF="woken=$B/scx_lockaware --balance-woken" \
  tools/vm/suite -c 2 -r 5 -t 4 -o $D/ext-2 ext
SCX_REF="informwoken=$B/scx_lockaware --inform-lib /work/main/target/inform/libinform.so --balance-woken" \
INFORM_SHIM_VARIANTS="inform informwoken" \
  tools/vm/suite -c 2 -r 5 -t 4 -o $D/inform-2 inform
echo chain done
