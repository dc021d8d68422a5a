#!/bin/sh
# The same 1-ms credit on issue #12's sleeping items (4 requester, 6 pthread mutex, 8 pthread
# barrier), without hints, beside EEVDF, lockaware and inform; Linux 7.2, 2 vCPUs, 3 reps.
cd /work/main
. .cache/env.sh
while [ ! -e results/s62/credit.done ]; do sleep 10; done
for i in 4 6 8; do
  SCX_VM_KERNEL=/work/shared/vmtest/bzImage-7.2.13-scx \
  SCX_REF="credit1000=/work/main/target/release/scx_lockaware --wake-credit-us 1000" \
    tools/vm/suite -c 2 -r 3 -t 4 -i $i -o results/s62/credit-inform-7.2 inform > results/s62/credit-inform-7.2-$i.log 2>&1
done
date > results/s62/credit-inform.done
