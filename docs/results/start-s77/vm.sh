#!/bin/sh
# session 77: where stress-ng pipe's loss at 2 vCPUs lies now (ext item 15, 6.12, 10 reps):
# the default search, the SSC fixed at both CPUs (the class kept, no search), the search
# started at 2 (--initial-ssc 2), and the built-in variants (EEVDF, notrace).
cd /work/main; . .cache/env.sh
B=/work/main/target/release/scx_lockaware
O=docs/results/start-s77
SCX_REF="fixed2=$B --ssc-cpus 0-1;init2=$B --initial-ssc 2" SCX_AB_OPTS=--sample-stats \
  tools/vm/suite -c 2 -r 10 -t 4 -i 15 -o $O ext
