#!/bin/sh
cd /work/main
SCX_VM_KERNEL=/work/shared/vmtest/bzImage-7.2.13-scx tools/vm/vmrun --cpus 2 --memory 2G --timeout 1500 -- sh results/s33/lp.sh results/s33/lp-72 8 > results/s33/lp-72.log 2>&1
SCX_VM_KERNEL=/work/shared/vmtest/bzImage-6.12.117-scx tools/vm/vmrun --cpus 2 --memory 2G --timeout 1500 -- sh results/s33/lp.sh results/s33/lp-612 8 > results/s33/lp-612.log 2>&1
echo done > results/s33/q-lp.done
