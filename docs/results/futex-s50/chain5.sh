#!/bin/sh
# Session 50, after chain3: unit tests, messaging with the follow on and off in one build
# (6.12, 8 reps), the VM tests (6.12 full; on 7.2 the new test and the flag checks).
cd /work/main
while [ ! -f results/s50/chain3.done ]; do sleep 10; done
while pgrep -f "tools/vm/" > /dev/null; do sleep 10; done
export BPF_CLANG=clang-19
K=/work/shared/vmtest
PY=/root/.pyenv/versions/3.11.7/bin/python3
cargo build --release --workspace > results/s50/cargo-test.log 2>&1
cargo test --release --workspace >> results/s50/cargo-test.log 2>&1; echo "cargo test rc $?" >> results/s50/cargo-test.log
SCX_REF="nofollow=/work/main/target/release/scx_lockaware --handoff-follow-us 0" SCX_VM_KERNEL=$K/bzImage-6.12.117-scx tools/vm/suite -c 2 -r 8 -t 4 -i 5 -o results/s50/k612-msg ext > results/s50/k612-msg.log 2>&1
SCX_VM_KERNEL=$K/bzImage-6.12.117-scx tools/vm/vmrun --cpus 4 --memory 2G --timeout 2000 -- "$PY" -m pytest -v -m "not slow" tests/vm --ignore tests/vm/test_smt.py --ignore tests/vm/test_llc.py > results/s50/vmtest-612.log 2>&1
SCX_VM_KERNEL=$K/bzImage-7.2.13-scx tools/vm/vmrun --cpus 4 --memory 2G --timeout 900 -- "$PY" -m pytest -v -s tests/vm/test_base.py tests/vm/test_lockaware.py -k "hand_off or invalid_flags" > results/s50/vmtest-72.log 2>&1
echo done > results/s50/chain5.done
