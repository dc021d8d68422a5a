#!/bin/sh
# session 79: a throw-away build (/work/proto79, mmsw.patch on c6a24fd) whose running() charges
# each address-space switch of a lock-intensive task on its CPU 65 us of waste (the guest's
# measured extra cost of a process switch, section 97.3) in the xcall vote: does the search
# then keep stress-ng pipe at 2 CPUs? ext item 15, 6.12, 2 vCPUs, 12 reps of 4 s.
cd /work/main; . .cache/env.sh
O=docs/results/settle-s79/mmsw
SCX_REF="mmsw=/work/proto79/scx_lockaware" SCX_AB_OPTS=--sample-stats \
  tools/vm/suite -c 2 -r 12 -t 4 -i 15 -o $O ext
