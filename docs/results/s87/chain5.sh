#!/bin/sh
# Session 87, after chain4.sh: the library barrier again, 8 interleaved reps of 4 s, 2 vCPUs
# pinned, Linux 6.12.117: the new default (ratio 3), ratio 0 (`informr0`) and ratio 1
# (`informwoken`) beside: is chain4.sh's lower loops' share the ratio's or the guests'?
cd /work/main; . .cache/env.sh
D=docs/results/s87
B=/work/main/target/release
L=/work/main/target/inform/libinform.so
export SCX_AB_OPTS=--sample-stats
SCX_REF="informr0=$B/scx_lockaware --inform-lib $L --balance-woken-ratio 0;informwoken=$B/scx_lockaware --inform-lib $L --balance-woken-ratio 1" \
INFORM_SHIM_VARIANTS="inform informr0 informwoken" \
  tools/vm/suite -c 2 -r 8 -t 4 -i 7 -o $D/barrier-2 inform
echo chain5 done
