#!/bin/sh
# Session 58: --wake-sync against the default and EEVDF where session 57 did not run it:
# the lock suite (items 1-4) on 6.12 at 2 vCPUs, the third-party items on 7.2 at 2 vCPUs,
# and the third-party items on 6.12 at 4 vCPUs (oversubscribed: 4 vCPUs on 2 host cores).
# 5 interleaved reps of 4 s; one guest per item.
cd /work/main
. .cache/env.sh
REF="sync=/work/main/target/release/scx_lockaware --wake-sync"
for i in 1 2 3 4; do
  SCX_VM_KERNEL=/work/shared/vmtest/bzImage-6.12.117-scx SCX_REF="$REF" \
    tools/vm/suite -c 2 -r 5 -t 4 -i $i -o results/s58/lock-6.12 lock > results/s58/lock-6.12-$i.log 2>&1
done
for i in 9 5 1 2 3 11 13; do
  SCX_VM_KERNEL=/work/shared/vmtest/bzImage-7.2.13-scx SCX_REF="$REF" \
    tools/vm/suite -c 2 -r 5 -t 4 -i $i -o results/s58/ext-7.2 ext > results/s58/ext-7.2-$i.log 2>&1
done
for i in 9 5 1 2 3 11; do
  SCX_VM_KERNEL=/work/shared/vmtest/bzImage-6.12.117-scx SCX_REF="$REF" \
    tools/vm/suite -c 4 -r 5 -t 4 -i $i -o results/s58/ext4-6.12 ext > results/s58/ext4-6.12-$i.log 2>&1
done
echo done > results/s58/chain1.done
