#!/bin/sh
# session 77: stress-ng pipe at 2 vCPUs (ext item 15, 6.12, 10 reps): what pausing the
# kernel-lock probes could gain. proto: a throw-away build (/work/proto77) that detaches the
# contention_begin/end programs, and stops feeding the search, once the search has stopped at
# an SSC of every CPU (an upper bound: nothing watches for a change after that).
cd /work/main; . .cache/env.sh
B=/work/main/target/release/scx_lockaware
O=docs/results/start-s77/proto
SCX_REF="proto=/work/proto77/scx_lockaware" \
  SCX_AB_OPTS=--sample-stats tools/vm/suite -c 2 -r 10 -t 4 -i 15 -o $O ext
