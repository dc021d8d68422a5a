#!/bin/sh
# Session 59: the full VM suite on 6.12, the sampled build against the one before on the
# items with kernel-lock contention, then the VM suite on 7.2.
cd /work/main
. .cache/env.sh
E=/work/main/.cache/exp
K612=/work/shared/vmtest/bzImage-6.12.117-scx
K72=/work/shared/vmtest/bzImage-7.2.13-scx
tools/vm/vmrun --cpus 4 --memory 2G --timeout 2000 -- $PY -m pytest -q -m "not slow" tests/vm --ignore tests/vm/test_smt.py --ignore tests/vm/test_llc.py > results/s59/tests-612.log 2>&1
echo tests612 $? >> results/s59/chain.progress
# stress-ng pipe: this build (default), the build before (head), each with the class out of
# the way (--lock-threshold 99: the probes' cost alone), and --bpf-stats for ns per run
SCX_VM_KERNEL=$K612 SCX_AB_OPTS=--sample-stats SCX_REF="head=$E/la-head;headnc=$E/la-head --lock-threshold 99;nc=$E/la-final --lock-threshold 99;bpfstats=$E/la-final --lock-threshold 99 --bpf-stats" \
  tools/vm/suite -c 2 -r 8 -t 4 -i 15 -o results/s59/pipe-6.12 ext > results/s59/pipe-6.12.log 2>&1
echo pipe $? >> results/s59/chain.progress
# ext items with kernel-lock contention: stress-ng flock (8), stress-ng mmap (12)
for i in 8 12; do
  SCX_VM_KERNEL=$K612 SCX_REF="head=$E/la-head" tools/vm/suite -c 2 -r 5 -t 4 -i $i -o results/s59/ext-6.12 ext > results/s59/ext-6.12-$i.log 2>&1
  echo ext$i $? >> results/s59/chain.progress
done
# the lock suite's kernel-lock item (mmap) and the mutex counter
for i in 2 1; do
  SCX_VM_KERNEL=$K612 SCX_REF="head=$E/la-head" tools/vm/suite -c 2 -r 5 -t 4 -i $i -o results/s59/lock-6.12 lock > results/s59/lock-6.12-$i.log 2>&1
  echo lock$i $? >> results/s59/chain.progress
done
tools/vm/vmrun --kernel $K72 --cpus 4 --memory 2G --timeout 2000 -- $PY -m pytest -q -m "not slow" tests/vm --ignore tests/vm/test_smt.py --ignore tests/vm/test_llc.py > results/s59/tests-72.log 2>&1
echo tests72 $? >> results/s59/chain.progress
echo done > results/s59/chain.done
