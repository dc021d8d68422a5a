#!/bin/sh
cd /work/main
SCX_VM_KERNEL=/work/shared/vmtest/bzImage-7.2.13-scx tools/vm/vmrun --cpus 2 --memory 2G --timeout 1800 -- env SIMPLE=/work/main/.cache/scx-simple-7.2/scx_simple sh results/s34/ab.sh results/s34/ab-72 ${1:-8} > results/s34/ab-72.log 2>&1
SCX_VM_KERNEL=/work/shared/vmtest/bzImage-6.12.117-scx tools/vm/vmrun --cpus 2 --memory 2G --timeout 1800 -- env SIMPLE=/work/main/.cache/scx-simple-6.12/scx_simple sh results/s34/ab.sh results/s34/ab-612 ${1:-8} > results/s34/ab-612.log 2>&1
echo done > results/s34/qab.done
