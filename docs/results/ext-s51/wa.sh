#!/bin/sh
# Session 51: the wake-affine test alone, 4 times with the change, 4 with ca36ade's build (7.2).
cd /work/main
PY=/root/.pyenv/versions/3.11.7/bin/python3
export BPF_CLANG=clang-19
export SCX_VM_KERNEL=/work/shared/vmtest/bzImage-7.2.13-scx
T='for i in 1 2 3 4; do '"$PY"' -m pytest -s -q tests/vm/test_base.py -k test_wake_affine_moves 2>&1 | grep -E "reader on|passed|failed"; done'
tools/vm/vmrun --cpus 4 --memory 2G --timeout 900 -- sh -c "$T" > results/s51/wa-new.log 2>&1
cp --remove-destination results/s51/bin/la-ca36ade target/release/scx_lockaware
tools/vm/vmrun --cpus 4 --memory 2G --timeout 900 -- sh -c "$T" > results/s51/wa-old.log 2>&1
cp --remove-destination results/s51/bin/la-pick1 target/release/scx_lockaware
echo done > results/s51/wa.done
