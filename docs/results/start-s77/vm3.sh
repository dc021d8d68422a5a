#!/bin/sh
# session 77: stress-ng pipe at 2 vCPUs (ext item 15, 6.12, 10 reps): the kernel-lock probes'
# cost split into the tracepoints' own dispatch and the programs' work. noop: a throw-away
# build whose contention_begin/end programs return at once (/work/noop77, `if (1) return 0;`
# at the top of both), attached as usual; thr99: the build, nobody classified.
cd /work/main; . .cache/env.sh
B=/work/main/target/release/scx_lockaware
O=docs/results/start-s77/noop
SCX_REF="thr99=$B --lock-threshold 99;noop=/work/noop77/scx_lockaware --lock-threshold 99" \
  SCX_AB_OPTS=--sample-stats tools/vm/suite -c 2 -r 10 -t 4 -i 15 -o $O ext
