#!/bin/sh
# Session 54: BPF time per wake-up under stress-ng nanosleep, scx_lockaware (traced and not)
# and scx_simple, 3 rounds, 2 vCPUs, 6.12.
cd /work/main
K=/work/shared/vmtest
B=$PWD/target/release/scx_lockaware
tools/vm/vmrun --kernel $K/bzImage-6.12.117-scx --cpus 2 --memory 2G --timeout 900 -- \
  sh docs/results/ext-s54/bpfcost.sh 3 $PWD/.cache/scx-simple-7.2/build/build/sbin/bpftool \
  "lockaware=$B" "notrace=$B --no-futex --no-kernel-locks --no-xcall-waits" \
  "simple=$PWD/.cache/scx-simple-6.12/scx_simple" > results/s54/bpfcost-6.12.117.log 2>&1
echo done > results/s54/chain5.done
