#!/bin/sh
# session 76: the final build (NOISE_PRIOR for an uncalibrated stop, with the held_stops
# statistic) against the build before it on the two third-party items whose searches stop
# 0.1-0.3 s after the grow (ext 1 sysbench threads, ext 8 stress-ng flock), 5 reps at 2 vCPUs,
# then tests/vm/test_ssc.py on 6.12 and 7.2 (4 vCPUs).
cd /work/main; . .cache/env.sh
P="prev=/work/prev76/scx_lockaware"
O=docs/results/calib-s76
for i in 1 8; do
  SCX_REF="$P" SCX_AB_OPTS=--sample-stats tools/vm/suite -c 2 -r 5 -t 4 -i $i -o $O ext
done
tools/vm/vmrun --cpus 4 --memory 2G --timeout 1500 -- "$PY" -m pytest -v tests/vm/test_ssc.py > $O/vm-ssc-612.log 2>&1
tools/vm/vmrun --kernel "$SCX_VM_KERNEL_72" --cpus 4 --memory 2G --timeout 1500 -- "$PY" -m pytest -v tests/vm/test_ssc.py > $O/vm-ssc-72.log 2>&1
