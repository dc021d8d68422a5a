#!/bin/sh
# Session 87, after chain3.sh: the inform suite's library barrier (the item where the rule
# before moved most woken tasks, 11.6 a second, section 105.2), the new default (ratio 3)
# against ratio 0 (`informr0`), 5 interleaved reps of 4 s, 2 vCPUs pinned, Linux 6.12.117.
cd /work/main; . .cache/env.sh
D=docs/results/s87
B=/work/main/target/release
L=/work/main/target/inform/libinform.so
export SCX_AB_OPTS=--sample-stats
SCX_REF="informr0=$B/scx_lockaware --inform-lib $L --balance-woken-ratio 0" \
INFORM_SHIM_VARIANTS="inform informr0" \
  tools/vm/suite -c 2 -r 5 -t 4 -i 7 -o $D/inform2-2 inform
echo chain4 done
