#!/bin/sh
# Session 87, after chain.sh: the new default (--balance-woken-ratio 3) against the rule of
# sessions 85-86 (ratio 0, `r0` / `informr0`), Linux 6.12.117, 5 interleaved reps of 4 s,
# stats sampled: the ext items that moved woken tasks under the rule before (sysbench mutex,
# stress-ng flock, fork, nanosleep) at 4 vCPUs (OVERSUBSCRIBED on the 2 host cores), then
# issue #12's requester, pthread mutex and pthread barrier items at 2 vCPUs pinned.
cd /work/main; . .cache/env.sh
D=docs/results/s87
B=/work/main/target/release
L=/work/main/target/inform/libinform.so
export SCX_AB_OPTS=--sample-stats
for i in 2 8 11 13; do
  SCX_REF="r0=$B/scx_lockaware --balance-woken-ratio 0" \
    tools/vm/suite -c 4 -r 5 -t 4 -i $i -o $D/ext-4 ext
done
for i in 4 6 8; do
  SCX_REF="informr0=$B/scx_lockaware --inform-lib $L --balance-woken-ratio 0" \
  INFORM_SHIM_VARIANTS="inform informr0" \
    tools/vm/suite -c 2 -r 5 -t 4 -i $i -o $D/inform2-2 inform
done
echo chain2 done
