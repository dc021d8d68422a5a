#!/bin/sh
# Session 60, after chain3.sh: the build that spares a sync waker's SSC CPU (la-spare)
# against the clamp build (la-clamp): its tests, stress-ng pipe (default, and an SSC fixed
# at 1 CPU), the lock items counter-mutex and mmap, sched pipe; then the VM suite on both
# kernels.
cd /work/main
. .cache/env.sh
E=/work/main/.cache/exp
K612=/work/shared/vmtest/bzImage-6.12.117-scx
K72=/work/shared/vmtest/bzImage-7.2.13-scx
while [ ! -f results/s60/chain3.done ]; do sleep 5; done
cargo build --release -p scx_lockaware > results/s60/build.log 2>&1 || { echo build 1 >> results/s60/chain.progress; exit 1; }
cp target/release/scx_lockaware $E/la-spare
tools/vm/vmrun --cpus 4 --memory 2G --timeout 1500 -- $PY -m pytest -q -s tests/vm/test_ssc.py::test_a_sync_wakee_on_the_ssc_queue_spares_its_waker tests/vm/test_base.py::test_woken_lock_task_preempts_a_cpu_hog_on_the_ssc tests/vm/test_base.py::test_a_sync_wakee_goes_to_its_wakers_cpu_unless_the_waker_runs_on > results/s60/tests-new-6.12.log 2>&1
echo testsnew $? >> results/s60/chain.progress
SCX_VM_KERNEL=$K612 SCX_AB_OPTS=--sample-stats SCX_REF="clamp=$E/la-clamp;fixed1=$E/la-spare --ssc-cpus 0;clampfixed1=$E/la-clamp --ssc-cpus 0" \
  tools/vm/suite -c 2 -r 8 -t 4 -i 15 -o results/s60/spare-6.12 ext > results/s60/spare-6.12-15.log 2>&1
echo spare15 $? >> results/s60/chain.progress
for i in 1 2; do
  SCX_VM_KERNEL=$K612 SCX_AB_OPTS=--sample-stats SCX_REF="clamp=$E/la-clamp" \
    tools/vm/suite -c 2 -r 5 -t 4 -i $i -o results/s60/spare-lock-6.12 lock > results/s60/spare-lock-6.12-$i.log 2>&1
  echo sparelock$i $? >> results/s60/chain.progress
done
SCX_VM_KERNEL=$K612 SCX_AB_OPTS=--sample-stats SCX_REF="clamp=$E/la-clamp" \
  tools/vm/suite -c 2 -r 8 -t 4 -i 9 -o results/s60/spare-6.12 ext > results/s60/spare-6.12-9.log 2>&1
echo spare9 $? >> results/s60/chain.progress
tools/vm/vmrun --cpus 4 --memory 2G --timeout 2000 -- $PY -m pytest -q -m "not slow" tests/vm --ignore tests/vm/test_smt.py --ignore tests/vm/test_llc.py > results/s60/tests-612.log 2>&1
echo tests612 $? >> results/s60/chain.progress
tools/vm/vmrun --kernel $K72 --cpus 4 --memory 2G --timeout 2000 -- $PY -m pytest -q -m "not slow" tests/vm --ignore tests/vm/test_smt.py --ignore tests/vm/test_llc.py > results/s60/tests-72.log 2>&1
echo tests72 $? >> results/s60/chain.progress
echo done > results/s60/chain5.done
