#!/bin/sh
# session 77: the probes' pause alone, without the search's start: --min-ssc 2 (the search
# can only be at both CPUs, so it settles there at once) with and without --klock-pause-ms,
# stress-ng pipe at 2 vCPUs (ext item 15, 6.12, 16 reps of 4 s).
cd /work/main; . .cache/env.sh
B=/work/main/target/release/scx_lockaware
O=docs/results/start-s77/pausemin2
SCX_REF="min2=$B --min-ssc 2;min2np=$B --min-ssc 2 --klock-pause-ms 0" SCX_AB_OPTS=--sample-stats \
  tools/vm/suite -c 2 -r 16 -t 4 -i 15 -o $O ext
