#!/bin/sh
# postmark: the suite's item with stats sampled, then pm-suite.sh, back to back.
cd /work/main
export BPF_CLANG=clang-19 SCX_VM_KERNEL=/work/shared/vmtest/bzImage-6.12.117-scx
date
SCX_AB_OPTS=--sample-stats SCX_REF="base=/work/main/results/bin/s30/xcall" tools/vm/suite -c 2 -r 5 -t 8 -i 3 -o results/s32/pm-suite-item lock > results/s32/pm-suite-item.log 2>&1
date
tools/vm/vmrun --cpus 2 -- sh docs/results/search-s31/pm-suite.sh results/s32/pm-direct 3 > results/s32/pm-direct.log 2>&1
date
