#!/bin/sh
# Session 51, after chain7: the whole VM suite on 7.2 with the one-LLC idle search.
cd /work/main
while [ ! -f results/s51/chain7.done ]; do sleep 10; done
while pgrep -f "tools/vm/" > /dev/null; do sleep 10; done
PY=/root/.pyenv/versions/3.11.7/bin/python3
export BPF_CLANG=clang-19
export SCX_VM_KERNEL=/work/shared/vmtest/bzImage-7.2.13-scx
tools/vm/vmrun --cpus 4 --memory 2G --timeout 2000 -- "$PY" -m pytest -v -m "not slow" tests/vm --ignore tests/vm/test_smt.py --ignore tests/vm/test_llc.py > results/s51/vmtest-72.log 2>&1
echo done > results/s51/chain8.done
