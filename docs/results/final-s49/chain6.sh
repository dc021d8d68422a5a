#!/bin/sh
# Session 49: the committed test_llc.py once in CI's 2-LLC guest (6.12), then stress-ng futex
# (ext item 7) on 7.2.13 with 8 repetitions (§68.5's miss).
cd /work/main
while pgrep -f "tools/vm/" > /dev/null; do sleep 10; done
K=/work/shared/vmtest
PY=/root/.pyenv/versions/3.11.7/bin/python3
SCX_VM_KERNEL=$K/bzImage-6.12.117-scx tools/vm/vmrun --cpus 4 --memory 2G --timeout 600 \
  --qemu-opts="-smp 4,sockets=2,cores=2,threads=1" -- "$PY" -m pytest -v -s tests/vm/test_llc.py \
  > results/s49/llc-check.log 2>&1
SCX_VM_KERNEL=$K/bzImage-7.2.13-scx SCX_REF="before=/work/main/results/s48/la-base" \
  tools/vm/suite -c 2 -r 8 -t 4 -i 7 -o results/s49/k72/futex8 ext > results/s49/k72/suite-futex8.log 2>&1
echo done > results/s49/chain6.done
