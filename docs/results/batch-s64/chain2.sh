#!/bin/sh
# Session 64: --wake-batch-us 1000 made the default, no kept wake-up for a wakee of the SSC
# queue (the build after 18acc51). Variants EEVDF, the new default (`lockaware`) and the old
# one (`nobatch`: --wake-batch-us 0). 2 vCPUs pinned, 5 reps of 4 s, Linux 6.12; the VM
# tests in the 4-vCPU guest (oversubscribed) between the suites.
cd /work/main
. .cache/env.sh
export SCX_REF="nobatch=/work/main/target/release/scx_lockaware --wake-batch-us 0"
tools/vm/suite -c 2 -r 5 -t 4 -o results/s64/lock-6.12 lock > results/s64/lock-6.12.log 2>&1
date > results/s64/lock.done
tools/vm/vmrun --cpus 4 --memory 2G --timeout 2000 -- $PY -m pytest -q -m "not slow" tests/vm \
  --ignore tests/vm/test_smt.py --ignore tests/vm/test_llc.py > results/s64/vmtests-6.12.log 2>&1
date > results/s64/vmtests.done
tools/vm/suite -c 2 -r 5 -t 4 -o results/s64/micro-6.12 micro > results/s64/micro-6.12.log 2>&1
date > results/s64/micro.done
tools/vm/suite -c 2 -r 5 -t 4 -o results/s64/ext-6.12 ext > results/s64/ext-6.12.log 2>&1
date > results/s64/chain.done
