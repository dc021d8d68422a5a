#!/bin/sh
# Session 54: nanosleep at 4 vCPUs (oversubscribed): item 13 beside scx_simple (5 reps), then
# the counters with 4 workers (4 rounds).
cd /work/main
K=/work/shared/vmtest
export BPF_CLANG=clang-19
export SCX_VM_KERNEL=$K/bzImage-6.12.117-scx
SCX_REF="simple=$PWD/.cache/scx-simple-6.12/scx_simple" \
  tools/vm/suite -c 4 -r 5 -t 4 -i 13 -o results/s54/c4simple-6.12.117 ext > results/s54/c4simple-6.12.117-13.log 2>&1
CPUS=4 W=4 STRESSORS=nanosleep ROUNDS=4 sh docs/results/ext-s54/chain3.sh
echo done > results/s54/chain7.done
