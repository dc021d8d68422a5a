#!/bin/sh
# session 77: what detaching the contention tracepoints gains at 2 CPUs, paired (ext item 15,
# 6.12, 2 vCPUs, 20 reps of 4 s): /work/proto77 (1c384ff, detaches contention_begin/end and
# stops feeding the search once it stops at every CPU) and the build, both with --min-ssc 2.
cd /work/main; . .cache/env.sh
B=/work/main/target/release/scx_lockaware
O=docs/results/start-s77/detach
SCX_REF="min2=$B --min-ssc 2;detach2=/work/proto77/scx_lockaware --min-ssc 2" SCX_AB_OPTS=--sample-stats \
  tools/vm/suite -c 2 -r 20 -t 4 -i 15 -o $O ext
