#!/bin/sh
# Session 57: the pair's dwell ramp, variants alternating, 4-vCPU guests (oversubscribed), 6.12 and 7.2.
cd /work/main
. .cache/env.sh
for k in 6.12.117 7.2.13; do
  tools/vm/vmrun --cpus 4 --memory 2G --timeout 1500 --kernel /work/shared/vmtest/bzImage-$k-scx -- \
    $PY docs/results/dwell-s57/pair20.py 3 '' '--class-dwell-ms 2000' '--class-dwell-ms 4000' \
    > results/s57/pair20-$k.log 2>&1
done
echo done > results/s57/chain1.done
