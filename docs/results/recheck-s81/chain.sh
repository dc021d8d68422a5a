#!/bin/sh
# Session 81: what session 80 left unmeasured before making --ssc-recheck-ms 2000 the default.
# recheck = this session's build (the narrow-loss rule of c96a44c, with session 81's sync
# guard) with --ssc-recheck-ms 2000, lockaware = the same build's default (no re-check), EEVDF
# the baseline; 2 vCPUs pinned, 4-s runs, per-second stats sampled. The inform suite's
# pthread items 5-8 on 6.12 (-r 3), then stress-ng pipe (-r 8) and counter-mutex and
# ssc-sizes (-r 3) on 7.2.
cd /work/main; . .cache/env.sh
D=docs/results/recheck-s81
export SCX_REF="recheck=/work/main/target/release/scx_lockaware --ssc-recheck-ms 2000" SCX_AB_OPTS=--sample-stats
for i in 5 6 7 8; do tools/vm/suite -c 2 -r 3 -t 4 -i $i -o $D/inform-6.12 inform; done
export SCX_VM_KERNEL=$SCX_VM_KERNEL_72
tools/vm/suite -c 2 -r 8 -t 4 -i 15 -o $D/pipe-7.2 ext
for i in 1 5; do tools/vm/suite -c 2 -r 3 -t 4 -i $i -o $D/lock-7.2 lock; done
echo chain done
