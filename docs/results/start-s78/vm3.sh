#!/bin/sh
# session 78: vm.sh again after the fix of the probes' order (contention_end attached before
# contention_begin, detached after it): ext item 15, stress-ng pipe, 6.12, 2 vCPUs, 20 reps of
# 4 s; the build (pause on), notrace and EEVDF come with the item; min2/min2np as in vm.sh.
cd /work/main; . .cache/env.sh
B=/work/main/target/release/scx_lockaware
O=docs/results/start-s78/pipe2
SCX_REF="min2=$B --min-ssc 2;min2np=$B --min-ssc 2 --klock-pause-ms 0" \
  SCX_AB_OPTS=--sample-stats tools/vm/suite -c 2 -r 20 -t 4 -i 15 -o $O ext
