#!/bin/sh
# Controls for the dispatch change: issue #9's ext and micro suites on 7.2, 2 vCPUs, 3 reps,
# the committed build (target/release) with session 33's build beside as a reference variant.
cd /work/main
while [ ! -f results/s34/tfinal.done ]; do sleep 10; done
export SCX_VM_KERNEL=/work/shared/vmtest/bzImage-7.2.13-scx
export SCX_REF="base=/work/main/results/bin/s34/base"
tools/vm/suite -c 2 -r 3 -t 4 -o results/s34/ctl-ext ext > results/s34/ctl-ext.log 2>&1
tools/vm/suite -c 2 -r 3 -t 4 -o results/s34/ctl-micro micro > results/s34/ctl-micro.log 2>&1
echo done > results/s34/ctl.done
