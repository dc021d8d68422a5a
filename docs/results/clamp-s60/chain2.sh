#!/bin/sh
# Session 60, after chain.sh's first item: the clamp against the build before on sched pipe
# and messaging, then pipemode.py (stress-ng pipe's slow and fast runs), 2 vCPUs, 6.12.
cd /work/main
. .cache/env.sh
E=/work/main/.cache/exp
K612=/work/shared/vmtest/bzImage-6.12.117-scx
for i in 9 5; do
  SCX_VM_KERNEL=$K612 SCX_AB_OPTS=--sample-stats SCX_REF="base=$E/la-s59" \
    tools/vm/suite -c 2 -r 8 -t 4 -i $i -o results/s60/ext-6.12 ext > results/s60/ext-6.12-$i.log 2>&1
  echo ext$i $? >> results/s60/chain.progress
done
tools/vm/vmrun --kernel $K612 --cpus 2 --memory 2G --timeout 1500 -- $PY docs/results/pipe-s60/pipemode.py 10 4 eevdf= default= 'noclass=--lock-threshold 99' 'whole=--ssc-cpus 0-1' > results/s60/pipemode-6.12.log 2>&1
echo pipemode $? >> results/s60/chain.progress
echo done > results/s60/chain2.done
