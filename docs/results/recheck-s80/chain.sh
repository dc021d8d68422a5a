#!/bin/sh
# session 80: --ssc-recheck-ms 2000 (variant recheck) against the default (lockaware) and EEVDF,
# the build of f8224ba (target/release, rebuilt at the start), 2 vCPUs pinned, 4-s runs,
# per-second stats sampled (search_rechecks says where a re-check fired).
cd /work/main; . .cache/env.sh
export SCX_REF="recheck=/work/main/target/release/scx_lockaware --ssc-recheck-ms 2000" SCX_AB_OPTS=--sample-stats
D=docs/results/recheck-s80
tools/vm/suite -c 2 -r 5 -t 4 -o $D/lock-6.12 lock
tools/vm/suite -c 2 -r 3 -t 4 -o $D/ext-6.12 ext
tools/vm/suite -c 2 -r 5 -t 4 -o $D/micro-6.12 micro
tools/vm/suite -c 2 -r 3 -t 4 -o $D/inform-6.12 inform
SCX_VM_KERNEL=$SCX_VM_KERNEL_72 tools/vm/suite -c 2 -r 5 -t 4 -o $D/lock-7.2 lock
echo chain done
