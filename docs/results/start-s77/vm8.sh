#!/bin/sh
# session 77: the pipe's loss at 2 CPUs split again with more repetitions (ext item 15, 6.12,
# 2 vCPUs, 20 reps of 4 s): the kernel-lock probes with nobody classified (thr99), the
# tracepoints attached with programs that return at once (noop: /work/noop77, 1c384ff with
# `if (1) return 0;` at the top of contention_begin/end), and the class at 2 CPUs with the
# probes paused (min2: /work/pause77, klock-pause.patch's build, --min-ssc 2) and without
# (min2np: the same build, --klock-pause-ms 0).
cd /work/main; . .cache/env.sh
B=/work/main/target/release/scx_lockaware
P=/work/pause77/scx_lockaware
O=docs/results/start-s77/split2
SCX_REF="thr99=$B --lock-threshold 99;noop=/work/noop77/scx_lockaware --lock-threshold 99;min2=$P --min-ssc 2;min2np=$P --min-ssc 2 --klock-pause-ms 0" \
  SCX_AB_OPTS=--sample-stats tools/vm/suite -c 2 -r 20 -t 4 -i 15 -o $O ext
