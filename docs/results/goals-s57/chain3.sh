#!/bin/sh
# Session 57: after chain2, the micro controls at 2 vCPUs on 6.12 with scx_simple beside.
cd /work/main
. .cache/env.sh
while [ ! -f results/s57/chain2.done ]; do sleep 20; done
export SCX_VM_KERNEL=/work/shared/vmtest/bzImage-6.12.117-scx
SCX_REF="simple=/work/main/.cache/scx-simple-6.12/scx_simple" \
  tools/vm/suite -c 2 -r 5 -t 4 -o results/s57/micro-6.12 micro > results/s57/micro-6.12.log 2>&1
echo done > results/s57/chain3.done
