#!/bin/sh
# Session 50, after chain5: the new build (target/release) against session 48's on the 6.12
# micro suite, lock items 1-3 (5 reps), stress-ng futex and messaging at 4 vCPUs
# (oversubscribed), then the SMT and 2-LLC VM tests.
cd /work/main
while [ ! -f results/s50/chain5.done ]; do sleep 10; done
while pgrep -f "tools/vm/" > /dev/null; do sleep 10; done
K=/work/shared/vmtest
PY=/root/.pyenv/versions/3.11.7/bin/python3
export SCX_REF="before=/work/main/results/s50/bin/la-base"
export SCX_VM_KERNEL=$K/bzImage-6.12.117-scx
tools/vm/suite -c 2 -r 5 -t 4 -o results/s50/k612 micro > results/s50/k612-micro.log 2>&1
for i in 1 2 3; do
tools/vm/suite -c 2 -r 5 -t 4 -i $i -o results/s50/k612-lock lock > results/s50/k612-lock-$i.log 2>&1
done
for i in 7 5; do
tools/vm/suite -c 4 -r 5 -t 4 -i $i -o results/s50/k612-c4 ext > results/s50/k612-c4-$i.log 2>&1
done
unset SCX_REF
tools/vm/vmrun --cpus 4 --memory 2G --timeout 600 --qemu-opts="-smp 4,sockets=1,cores=2,threads=2" -- "$PY" -m pytest -v tests/vm/test_smt.py > results/s50/vmtest-smt.log 2>&1
tools/vm/vmrun --cpus 4 --memory 2G --timeout 600 --qemu-opts="-smp 4,sockets=2,cores=2,threads=1" -- "$PY" -m pytest -v tests/vm/test_llc.py > results/s50/vmtest-llc.log 2>&1
echo done > results/s50/chain6.done
