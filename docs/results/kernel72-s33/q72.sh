#!/bin/sh
# Session 33: issue #9's suites on the newest kernel (7.2.13), 2 vCPUs, 5 repetitions.
cd /work/main
export SCX_VM_KERNEL=/work/shared/vmtest/bzImage-7.2.13-scx
tools/vm/suite -c 2 -r 5 -t 5 -o results/s33/ext-72 ext > results/s33/ext-72.log 2>&1
SCX_AB_OPTS=--sample-stats tools/vm/suite -c 2 -r 5 -t 5 -o results/s33/lock-72 lock > results/s33/lock-72.log 2>&1
tools/vm/suite -c 2 -r 5 -t 4 -o results/s33/micro-72 micro > results/s33/micro-72.log 2>&1
echo done > results/s33/q72.done
