#!/bin/sh
# Session 63: the lock suite on 6.12 with --wake-batch-us 1000 beside the default (the build
# of c77fd58: waker_slept()'s back-off, --wake-batch-min-us 15), 2 vCPUs pinned, 3 reps of 4 s.
cd /work/main
. .cache/env.sh
export SCX_REF="batch1000=/work/main/target/release/scx_lockaware --wake-batch-us 1000"
tools/vm/suite -c 2 -r 3 -t 4 -o results/s63/lock-6.12 lock > results/s63/lock-6.12.log 2>&1
date > results/s63/lock.done
