#!/bin/sh
# session 75: the two third-party items whose runs in section 91.4 stopped a search on an
# ended window (sysbench threads, stress-ng flock), the change against the build before, 5
# reps at 2 vCPUs; the wake-50 grids; then tests/vm/test_ssc.py with the change on 6.12 and 7.2 (4 vCPUs).
cd /work/main; . .cache/env.sh
P="prev=/work/prev/scx_lockaware"
for i in 1 8; do
  SCX_REF="$P" SCX_AB_OPTS=--sample-stats tools/vm/suite -c 2 -r 5 -t 4 -i $i -o docs/results/host-s75/stop ext
done
# the simulator's grids at the mutex's default wake latency, between the guests (host CPU)
tools/locksim/search-grid --blocking --wake-ticks 50 --out docs/results/locksim/stop-s75/blocking-wake50.jsonl
tools/locksim/search-grid --time-shared --wake-ticks 50 --out docs/results/locksim/stop-s75/ts-wake50.jsonl
tools/vm/vmrun --cpus 4 --memory 2G --timeout 1500 -- "$PY" -m pytest -v tests/vm/test_ssc.py > docs/results/host-s75/vm-ssc-612.log 2>&1
tools/vm/vmrun --kernel "$SCX_VM_KERNEL_72" --cpus 4 --memory 2G --timeout 1500 -- "$PY" -m pytest -v tests/vm/test_ssc.py > docs/results/host-s75/vm-ssc-72.log 2>&1
