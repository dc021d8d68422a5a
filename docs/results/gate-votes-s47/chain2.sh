#!/bin/sh
# Session 47: the mutex pair's trajectories (item 1, stats every 0.2 s), then the full non-slow
# VM tests on both kernels. One VM at a time.
cd /work/main
export BPF_CLANG=clang-19
K=/work/shared/vmtest
export SCX_VM_KERNEL=$K/bzImage-6.12.117-scx
SCX_REF="before=/work/main/results/s47/la-base" SCX_AB_OPTS="--sample-stats --stats-interval-ms 200" \
  tools/vm/suite -c 2 -r 5 -t 4 -i 1 -o results/s47/cm-stats lock > results/s47/suite-cm-stats.log 2>&1
PY=/root/.pyenv/versions/3.11.7/bin/python3
for k in 6.12.117 7.2.13; do
  SCX_VM_KERNEL=$K/bzImage-$k-scx tools/vm/vmrun --cpus 4 --memory 2G --timeout 1500 -- \
    "$PY" -m pytest -v -m "not slow" tests/vm --ignore tests/vm/test_smt.py --ignore tests/vm/test_llc.py \
    > results/s47/vmfull-$k.log 2>&1
done
echo done > results/s47/chain2.done
