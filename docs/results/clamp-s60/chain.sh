#!/bin/sh
# Session 60: the sync-overlap clamp (a run after its first sync wake-up counts up to a
# slice) against the build before on the pipe items, then the VM suite on both kernels.
cd /work/main
. .cache/env.sh
E=/work/main/.cache/exp
K612=/work/shared/vmtest/bzImage-6.12.117-scx
K72=/work/shared/vmtest/bzImage-7.2.13-scx
for i in 15 9 5; do
  SCX_VM_KERNEL=$K612 SCX_AB_OPTS=--sample-stats SCX_REF="base=$E/la-s59" \
    tools/vm/suite -c 2 -r 8 -t 4 -i $i -o results/s60/ext-6.12 ext > results/s60/ext-6.12-$i.log 2>&1
  echo ext$i $? >> results/s60/chain.progress
done
tools/vm/vmrun --cpus 4 --memory 2G --timeout 2000 -- $PY -m pytest -q -m "not slow" tests/vm --ignore tests/vm/test_smt.py --ignore tests/vm/test_llc.py > results/s60/tests-612.log 2>&1
echo tests612 $? >> results/s60/chain.progress
tools/vm/vmrun --kernel $K72 --cpus 4 --memory 2G --timeout 2000 -- $PY -m pytest -q -m "not slow" tests/vm --ignore tests/vm/test_smt.py --ignore tests/vm/test_llc.py > results/s60/tests-72.log 2>&1
echo tests72 $? >> results/s60/chain.progress
echo done > results/s60/chain.done
