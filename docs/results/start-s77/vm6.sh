#!/bin/sh
# session 77: --klock-pause-ms (default 2000) against the same build without it
# (--klock-pause-ms 0) on stress-ng pipe at 2 vCPUs in 20-s runs (ext item 15, 6.12, 6 reps).
cd /work/main; . .cache/env.sh
B=/work/main/target/release/scx_lockaware
O=docs/results/start-s77/pause20
SCX_REF="nopause=$B --klock-pause-ms 0" SCX_AB_OPTS=--sample-stats \
  tools/vm/suite -c 2 -r 6 -t 20 -i 15 -o $O ext
