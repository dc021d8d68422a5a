#!/bin/sh
# session 79: mmsw.patch with two throw-away counters (mmsw2.patch: lock_out_noreason counts
# the charged address-space switches, lock_out_affinity the runs whose mm read as 0), the SSC
# fixed at 1 CPU (m1) and at both (m2) and searched (ms): how often is a switch charged?
cd /work/main; . .cache/env.sh
P=/work/proto79/scx_lockaware2
O=docs/results/settle-s79/mmsw2
SCX_REF="m1=$P --ssc-cpus 0;m2=$P --ssc-cpus 0-1;ms=$P" SCX_AB_OPTS=--sample-stats \
  tools/vm/suite -c 2 -r 4 -t 4 -i 15 -o $O ext
