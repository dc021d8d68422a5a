#!/bin/sh
# Session 87: the balance's woken-task rule in proportion (--balance-woken-ratio R: a task that
# has not run since it woke moves only from a queue of at least R x (own queue + 1) tasks).
# Issue #12's ticket and MCS items at 2 vCPUs pinned a vCPU per host core (not
# oversubscribed), then perf bench sched messaging at 4 vCPUs (OVERSUBSCRIBED on the 2 host
# cores), Linux 6.12.117, 8 interleaved reps of 4 s, stats sampled. Variants: the default
# (ratio 0: never), the rule before (ratio 1, --balance-woken), ratios 2 and 3.
cd /work/main; . .cache/env.sh
D=docs/results/s87
B=/work/main/target/release
L=/work/main/target/inform/libinform.so
export SCX_AB_OPTS=--sample-stats
SCX_REF="informwoken=$B/scx_lockaware --inform-lib $L --balance-woken;informr2=$B/scx_lockaware --inform-lib $L --balance-woken-ratio 2;informr3=$B/scx_lockaware --inform-lib $L --balance-woken-ratio 3" \
INFORM_SHIM_VARIANTS="inform informwoken informr2 informr3" \
  sh -c "for i in 2 3; do tools/vm/suite -c 2 -r 8 -t 4 -i \$i -o $D/inform-2 inform; done"
SCX_REF="woken=$B/scx_lockaware --balance-woken;r2=$B/scx_lockaware --balance-woken-ratio 2;r3=$B/scx_lockaware --balance-woken-ratio 3" \
  tools/vm/suite -c 4 -r 8 -t 4 -i 5 -o $D/msg-4 ext
echo chain done
