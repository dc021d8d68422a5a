#!/bin/sh
# session 79: the run-trend rule (RUN_RAMP) against the build before it (base: c6a24fd),
# stress-ng pipe (ext item 15), 6.12, 2 vCPUs, 16 reps of 4 s; dbg = the new build with -v.
cd /work/main; . .cache/env.sh
B=/work/main/target/release/scx_lockaware
O=docs/results/settle-s79/trend
SCX_REF="base=/work/base79/scx_lockaware;dbg=$B -v" SCX_AB_OPTS=--sample-stats \
  tools/vm/suite -c 2 -r 16 -t 4 -i 15 -o $O ext
