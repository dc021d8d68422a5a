#!/bin/sh
# Session 64: the lock suite's mmap item (1/2/4 threads) with 10 repetitions, --wake-batch-us
# 1000 beside the default (build 18acc51), 2 vCPUs pinned, 4 s runs, Linux 6.12.
cd /work/main
. .cache/env.sh
export SCX_REF="batch1000=/work/main/target/release/scx_lockaware --wake-batch-us 1000"
tools/vm/suite -c 2 -r 10 -t 4 -i 2 -o results/s64/mmap10-6.12 lock > results/s64/mmap10-6.12.log 2>&1
date > results/s64/mmap.done
