#!/bin/sh
# session 78: --klock-pause-ms that detaches lock:contention_begin/end (ext item 15, stress-ng
# pipe, 6.12, 2 vCPUs, 20 reps of 4 s): the build (pause on by default), --klock-pause-ms 0
# (nopause), both also with --min-ssc 2 (min2, min2np); notrace comes with the item.
cd /work/main; . .cache/env.sh
B=/work/main/target/release/scx_lockaware
O=docs/results/start-s78/pipe
SCX_REF="nopause=$B --klock-pause-ms 0;min2=$B --min-ssc 2;min2np=$B --min-ssc 2 --klock-pause-ms 0" \
  SCX_AB_OPTS=--sample-stats tools/vm/suite -c 2 -r 20 -t 4 -i 15 -o $O ext
