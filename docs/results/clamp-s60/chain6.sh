#!/bin/sh
# Session 60, after chain5.sh: the final build (comments changed since la-spare), the
# sampling test with its SSC fixed at every CPU (3 runs on 6.12, 2 on 7.2) and the new test
# on 7.2, then stress-ng pipe in 20-s runs (the search's first second amortised).
cd /work/main
. .cache/env.sh
K612=/work/shared/vmtest/bzImage-6.12.117-scx
K72=/work/shared/vmtest/bzImage-7.2.13-scx
while [ ! -f results/s60/chain5.done ]; do sleep 5; done
cargo build --release -p scx_lockaware > results/s60/build2.log 2>&1 || { echo build2 1 >> results/s60/chain.progress; exit 1; }
T=tests/vm/test_ssc.py::test_kernel_lock_waits_are_sampled_above_the_trace_rate
tools/vm/vmrun --kernel $K612 --cpus 4 --memory 2G --timeout 1500 -- sh -c "for i in 1 2 3; do $PY -m pytest -q -s $T; done" > results/s60/tests-klock-6.12.log 2>&1
echo klock612 $? >> results/s60/chain.progress
tools/vm/vmrun --kernel $K72 --cpus 4 --memory 2G --timeout 1500 -- sh -c "for i in 1 2; do $PY -m pytest -q -s $T; done; $PY -m pytest -q -s tests/vm/test_ssc.py::test_a_sync_wakee_on_the_ssc_queue_spares_its_waker" > results/s60/tests-klock-7.2.log 2>&1
echo klock72 $? >> results/s60/chain.progress
SCX_VM_KERNEL=$K612 SCX_AB_OPTS=--sample-stats SCX_REF="whole=/work/main/target/release/scx_lockaware --ssc-cpus 0-1" \
  tools/vm/suite -c 2 -r 5 -t 20 -i 15 -o results/s60/pipe20-6.12 ext > results/s60/pipe20-6.12.log 2>&1
echo pipe20 $? >> results/s60/chain.progress
echo done > results/s60/chain6.done
