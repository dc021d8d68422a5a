#!/bin/sh
# Session 65, after chain2.sh: the 4-vCPU losses of chain.sh's ext run read again with the
# old default beside (`nobatch`: --wake-batch-us 0): stress-ng sem-sysv, sem, flock, futex.
# 4 vCPUs on 2 host cores (OVERSUBSCRIBED), Linux 6.12, 5 interleaved reps of 4 s.
cd /work/main
. .cache/env.sh
while [ ! -f results/s65/chain2.done ]; do sleep 20; done
export SCX_REF="nobatch=/work/main/target/release/scx_lockaware --wake-batch-us 0"
for i in 17 14 8 7; do
  SCX_VM_KERNEL=/work/shared/vmtest/bzImage-6.12.117-scx \
    tools/vm/suite -c 4 -r 5 -t 4 -i $i -o results/s65/ext4-nobatch ext > results/s65/ext4-nobatch-$i.log 2>&1
done
date > results/s65/chain3.done
