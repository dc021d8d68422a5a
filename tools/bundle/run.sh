#!/bin/sh
# Boot the bundle's sched_ext guest under QEMU TCG and run a suite; results land in OUT.
#   ./run.sh [-c CPUS] [-m MEM] [-s SUITE] [-i ITEM] [-r REPS] [-t SECS] [-o OUT] [-T TIMEOUT]
#            [-p FIRST|off]
# -i runs one item of the suite (1-based; `sh suites SUITE count` tells how many).
# -p: vCPU n runs on host CPU FIRST+n only (default 0, when the host has a CPU for every vCPU
# from FIRST on; off: left to the host's scheduler, which stacked two vCPUs of a guest on one
# core for seconds at a time: docs/benchmarks.md section 72). Needs taskset (util-linux or
# busybox); without it the guest runs unpinned.
# Needs nothing installed: QEMU, its libraries, the TCG module and firmware are in this folder.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
cpus=$(nproc) mem=4G suite=smoke reps=3 secs=10 out=results timeout=3600 only= pin=0
while getopts c:m:s:i:r:t:o:T:p: o; do
  case $o in c) cpus=$OPTARG;; m) mem=$OPTARG;; s) suite=$OPTARG;; i) only=$OPTARG;;
             r) reps=$OPTARG;;
             t) secs=$OPTARG;; o) out=$OPTARG;; T) timeout=$OPTARG;; p) pin=$OPTARG;; *) exit 2;; esac
done
case "$pin" in
  off) ;;
  ''|*[!0-9]*) echo "run.sh: -p $pin: want the first host CPU (0-$(($(nproc) - 1))) or off" >&2; exit 2 ;;
  *) if [ $((pin + cpus)) -gt "$(nproc)" ]; then pin=off; fi ;;
esac
command -v taskset >/dev/null 2>&1 && command -v sleep >/dev/null 2>&1 || pin=off
# pin_vcpus PID: once QEMU (PID itself under busybox's timeout, which execs it; else PID's
# child) has named its vCPU threads ("CPU n/TCG"), put thread n on host CPU pin+n only.
pin_vcpus() {
  n=0
  while [ $n -lt 300 ] && [ -d "/proc/$1" ]; do
    for q in "$1" $(cat "/proc/$1/task/$1/children" 2>/dev/null); do
      set -- "$1"
      for t in /proc/"$q"/task/*; do
        c=$(cat "$t/comm" 2>/dev/null) || continue
        case "$c" in "CPU "*"/TCG") set -- "$@" "${c#CPU }" "${t##*/}" ;; esac
      done
      if [ $# -ge $((1 + 2 * cpus)) ]; then
        shift
        while [ $# -ge 2 ]; do
          taskset -p -c $((pin + ${1%/TCG})) "$2" >/dev/null 2>&1 || true
          shift 2
        done
        echo "run.sh: vCPU threads pinned to host CPUs $pin-$((pin + cpus - 1))" >&2
        return 0
      fi
    done
    sleep 0.2
    n=$((n + 1))
  done
}
mkdir -p "$out"
# The number of items of the suite (one guest each): asked from the suites script itself.
count=$(SCX_REPS=1 sh "$here/suites" "$suite" count) || exit 2
# boot ITEM: run one item in a fresh guest, unpack its results.
boot() {
item=$1
log="$out/console-$item.log"
# TCG has a rare cross-modifying-code race that kills the guest kernel while a BPF scheduler
# is being enabled ("Oops: int3" in schedule()): a guest that dies is booted again (3 tries).
try=1
while :; do
  QEMU_MODULE_DIR="$here/lib/qemu" timeout "$timeout" \
    "$here/lib/ld-linux-x86-64.so.2" --library-path "$here/lib" "$here/bin/qemu-system-x86_64" \
    -name scx,debug-threads=on \
    -L "$here/share" -accel tcg,thread=multi -smp "$cpus" -m "$mem" \
    -nic none -vga none -nographic -no-reboot \
    -kernel "$here/bzImage" -initrd "$here/initramfs.cpio" \
    -append "console=ttyS0 panic=-1 oops=panic quiet scx.suite=$suite scx.item=$item scx.reps=$reps scx.secs=$secs" \
    > "$log" 2>&1 &
  qp=$!
  [ "$pin" = off ] || pin_vcpus $qp
  wait $qp || true
  grep -q "=====SCX-RESULTS-END=====" "$log" && break
  if grep -q "Kernel panic" "$log" && [ $try -lt 3 ]; then
    echo "run.sh: the guest kernel died (try $try); booting again" >&2
    cp "$log" "$out/console-$item.died-$try.log"
    try=$((try + 1))
    continue
  fi
  echo "run.sh: item $item: no results in $log (guest died or timed out); last lines:" >&2
  tail -n 30 "$log" >&2
  return 1
done
sed -n '/=====SCX-RESULTS-BEGIN=====/,/=====SCX-RESULTS-END=====/p' "$log" | sed '1d;$d' \
  | tr -d '\r' | base64 -d | tar -xz -C "$out"
grep "SCX-BUNDLE" "$log" | tr -d '\r'
}
rc=0
i=1
while [ $i -le "$count" ]; do
  if [ -z "$only" ] || [ "$only" = $i ]; then boot $i || rc=1; fi
  i=$((i + 1))
done
echo "results in $out"
exit $rc
