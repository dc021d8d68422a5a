#!/usr/bin/env bash
# Install what a fresh Debian 12 machine lacks, build, and run scx_lockaware with a short demo
# workload and live stats: natively on a sched_ext kernel (as root), otherwise in the VM.
set -euo pipefail
cd "$(dirname "$0")/.."
export DEBIAN_FRONTEND=noninteractive
if ! command -v clang-19 >/dev/null || ! command -v qemu-system-x86_64 >/dev/null \
   || ! command -v stress-ng >/dev/null || ! command -v cpio >/dev/null \
   || ! command -v busybox >/dev/null || ! command -v sysbench >/dev/null \
   || ! command -v perf >/dev/null || ! command -v zstd >/dev/null; then
  apt-get update -q
  apt-get install -y -q --no-install-recommends clang-19 llvm-19 libelf-dev zlib1g-dev \
    pkg-config make gcc qemu-system-x86 stress-ng sysbench linux-perf python3 python3-pip \
    busybox-static zstd \
    ca-certificates curl procps cpio
fi
# Rust: the crates need rustc >= 1.91 (Debian 12's is older): rustup's stable when missing.
if [ -x "$HOME/.cargo/bin/cargo" ]; then export PATH="$HOME/.cargo/bin:$PATH"; fi
rustc_ok() {
  local v
  v=$(rustc --version 2>/dev/null | awk '{print $2}') || return 1
  [ -n "$v" ] && [ "$(printf '%s\n1.91.0\n' "$v" | sort -V | head -1)" = 1.91.0 ]
}
if ! command -v cargo >/dev/null || ! rustc_ok; then
  echo "installing Rust (rustup, stable) into $HOME/.cargo"
  curl -sSf https://sh.rustup.rs | sh -s -- -y -q --profile minimal --default-toolchain stable
  export PATH="$HOME/.cargo/bin:$PATH"
fi
command -v vng >/dev/null || python3 -m pip install -q virtme-ng || \
  python3 -m pip install -q --break-system-packages virtme-ng
python3 -c 'import pytest' 2>/dev/null || python3 -m pip install -q pytest || \
  python3 -m pip install -q --break-system-packages pytest
export BPF_CLANG="${BPF_CLANG:-clang-19}"
cargo build --release --workspace
[ "${SETUP_ONLY:-0}" = 1 ] && exit 0
# The demo: 6 threads on one mutex (they become lock-intensive and go to the SSC, whose size
# the search picks) next to CPU hogs and fork/futex traffic, with the live stats.
demo='./target/release/scx_lockaware --stats 2 & P=$!; sleep 3;
echo "state: $(cat /sys/kernel/sched_ext/state) ops: $(cat /sys/kernel/sched_ext/root/ops)";
stress-ng --cpu 2 --fork 1 --futex 1 --timeout 15 -q & S=$!;
./target/release/scx-workloads mutex --lock-threads 6 --cpu-threads 0 --duration 15;
wait $S; kill -INT $P; wait $P'
if [ -e /sys/kernel/sched_ext/state ] && [ "$(id -u)" = 0 ]; then
  echo "sched_ext kernel found: running scx_lockaware natively"
  exec sh -c "$demo"
fi
echo "This kernel has no sched_ext (or you are not root): running scx_lockaware in the test VM"
echo "(tools/vm/vmrun, QEMU TCG, 4 vCPUs). On a sched_ext host run it directly as root."
if [ -z "${SCX_VM_KERNEL:-}" ] && [ -f ../shared/vmtest/bzImage-6.12.117-scx ]; then
  export SCX_VM_KERNEL="$(cd ../shared/vmtest && pwd)/bzImage-6.12.117-scx"
fi
exec tools/vm/vmrun --cpus 4 --timeout 600 -- sh -c "$demo"
