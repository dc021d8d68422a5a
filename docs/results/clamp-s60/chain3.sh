#!/bin/sh
# Session 60, after chain2.sh: 40 default runs of stress-ng pipe with the search's decisions
# and the workers' CPUs every 20 ms (to catch the collapse of §78.4), then messaging again
# with 12 reps (the clamp against the build before).
cd /work/main
. .cache/env.sh
E=/work/main/.cache/exp
K612=/work/shared/vmtest/bzImage-6.12.117-scx
while [ ! -f results/s60/chain2.done ]; do sleep 5; done
tools/vm/vmrun --kernel $K612 --cpus 2 --memory 2G --timeout 1500 -- env PIPEMODE_LOG=1 PIPEMODE_DT=0.02 $PY docs/results/pipe-s60/pipemode.py 40 4 default= > results/s60/collapse-6.12.log 2>&1
echo collapse $? >> results/s60/chain.progress
SCX_VM_KERNEL=$K612 SCX_AB_OPTS=--sample-stats SCX_REF="base=$E/la-s59" \
  tools/vm/suite -c 2 -r 12 -t 4 -i 5 -o results/s60/msg12-6.12 ext > results/s60/msg12-6.12.log 2>&1
echo msg12 $? >> results/s60/chain.progress
echo done > results/s60/chain3.done
