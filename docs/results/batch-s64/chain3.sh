#!/bin/sh
# Session 64, after chain2.sh: the same scheduling on Linux 7.2 (rebuilt first: comment and
# help-text changes only): tests/vm/test_base.py in the 4-vCPU guest (oversubscribed), then
# the lock suite's kernel-lock items mmap and postmark (2 vCPUs pinned, 5 reps of 4 s), the
# new default beside the old (`nobatch`).
cd /work/main
. .cache/env.sh
while [ ! -e results/s64/chain.done ]; do sleep 20; done
cargo build --release -p scx_lockaware > results/s64/build.log 2>&1
K72=/work/shared/vmtest/bzImage-7.2.13-scx
tools/vm/vmrun --kernel $K72 --cpus 4 --memory 2G --timeout 2000 -- $PY -m pytest -q \
  tests/vm/test_base.py > results/s64/vmtests-base-7.2.log 2>&1
date > results/s64/base72.done
export SCX_REF="nobatch=/work/main/target/release/scx_lockaware --wake-batch-us 0"
for i in 2 3; do
  SCX_VM_KERNEL=$K72 tools/vm/suite -c 2 -r 5 -t 4 -i $i -o results/s64/lock-7.2 lock > results/s64/lock-7.2-$i.log 2>&1
done
date > results/s64/chain3.done
