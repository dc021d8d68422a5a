#!/bin/sh
# Session 65: issue #9's goals at 4 vCPUs with the current build (b7b83b5's scheduler:
# --wake-batch-us 1000 by default). 4 vCPUs on the 2 host cores (OVERSUBSCRIBED: the host
# time-slices the vCPU threads), Linux 6.12, 5 interleaved reps of 4 s, EEVDF against
# scx_lockaware's defaults. Waits for the VM tests (results/s65/tests.done).
cd /work/main
. .cache/env.sh
while [ ! -f results/s65/tests.done ]; do sleep 20; done
K=/work/shared/vmtest/bzImage-6.12.117-scx
SCX_VM_KERNEL=$K tools/vm/suite -c 4 -r 5 -t 4 -o results/s65/ext-4 ext > results/s65/ext-4.log 2>&1
date > results/s65/ext.done
SCX_VM_KERNEL=$K tools/vm/suite -c 4 -r 5 -t 4 -o results/s65/micro-4 micro > results/s65/micro-4.log 2>&1
date > results/s65/micro.done
for i in 1 2 5; do
  SCX_VM_KERNEL=$K tools/vm/suite -c 4 -r 5 -t 4 -i $i -o results/s65/lock-4 lock > results/s65/lock-4-$i.log 2>&1
done
date > results/s65/chain.done
