#!/bin/sh
# session 83: perf bench sched pipe again with the kernel's scx_simple beside (`simple`,
# tools/bench/build-scx-simple) and the sync rule off (`nosync`), 8 reps of 4 s, 2 vCPUs
# pinned, on 6.12 and 7.2: is what the item loses without the rule sched_ext's own path?
cd /work/main; . .cache/env.sh
D=docs/results/s83
export SCX_AB_OPTS=--sample-stats
SCX_REF="nosync=/work/main/target/release/scx_lockaware --no-wake-sync;simple=/work/main/.cache/scx-simple-6.12/scx_simple" \
  tools/vm/suite -c 2 -r 8 -t 4 -i 9 -o $D/simple-6.12 ext
SCX_REF="nosync=/work/main/target/release/scx_lockaware --no-wake-sync;simple=/work/main/.cache/scx-simple-7.2/scx_simple" \
  SCX_VM_KERNEL=$SCX_VM_KERNEL_72 tools/vm/suite -c 2 -r 8 -t 4 -i 9 -o $D/simple-7.2 ext
echo chain4 done
