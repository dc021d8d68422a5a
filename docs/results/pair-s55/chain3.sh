#!/bin/sh
# Session 55: mmap (lock item 2) at 2 vCPUs with the schedulers' statistics sampled every
# second (--sample-stats), this build against the build before: the 4-thread cell's class
# entries and exits.
cd /work/main
export BPF_CLANG=clang-19 SCX_VM_KERNEL=/work/shared/vmtest/bzImage-6.12.117-scx
export SCX_REF="base=/work/main/.cache/base-s55/scx_lockaware" SCX_AB_OPTS=--sample-stats
tools/vm/suite -c 2 -r 5 -t 4 -i 2 -o results/s55/mmap-stats lock > results/s55/mmap-stats.log 2>&1
echo done > results/s55/chain3.done
