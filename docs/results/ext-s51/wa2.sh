#!/bin/sh
cd /work/main
PY=/root/.pyenv/versions/3.11.7/bin/python3
export SCX_VM_KERNEL=/work/shared/vmtest/bzImage-7.2.13-scx
T='for i in 1 2 3; do '"$PY"' -m pytest -s -q tests/vm/test_base.py -k test_wake_affine_moves 2>&1 | grep -E "reader on|passed|failed"; done'
tools/vm/vmrun --cpus 4 --memory 2G --timeout 900 -- sh -c "$T" > results/s51/wa-8s.log 2>&1
echo done > results/s51/wa2.done
