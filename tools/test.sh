#!/usr/bin/env bash
# The project's test command: unit tests on the host, then the VM integration tests in a
# 4-vCPU sched_ext guest (tools/vm/vmrun). Needs what tools/setup.sh installs.
set -euo pipefail
cd "$(dirname "$0")/.."
export BPF_CLANG="${BPF_CLANG:-clang-19}"
if [ -x "$HOME/.cargo/bin/cargo" ]; then export PATH="$HOME/.cargo/bin:$PATH"; fi
if [ -z "${SCX_VM_KERNEL:-}" ] && [ -f ../shared/vmtest/bzImage-6.12.117-scx ]; then
  export SCX_VM_KERNEL="$(cd ../shared/vmtest && pwd)/bzImage-6.12.117-scx"
fi
cargo build --release --workspace
cargo test --release --workspace
PY="$(python3 -c 'import sys; print(sys.executable)')"
tools/vm/vmrun --cpus 4 --memory 2G --timeout 900 -- \
  "$PY" -m pytest -v -m "not slow" tests/vm --ignore tests/vm/test_smt.py
# Idle-core-first placement needs SMT siblings: a 2-core x 2-thread guest.
tools/vm/vmrun --cpus 4 --memory 2G --timeout 600 \
  --qemu-opts="-smp 4,sockets=1,cores=2,threads=2" -- "$PY" -m pytest -v tests/vm/test_smt.py
# The portable scale bundle boots and runs an A/B suite with nothing but its own files.
tests/bundle_smoke.sh
