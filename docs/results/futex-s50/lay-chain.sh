#!/bin/sh
cd /work/main
while pgrep -f "tools/vm/" > /dev/null; do sleep 10; done
SCX_VM_KERNEL=/work/shared/vmtest/bzImage-7.2.13-scx timeout 900 tools/vm/vmrun --cpus 2 --memory 2G --timeout 800 -- sh /work/main/results/s50/lay/g.sh k72 > results/s50/lay/k72.log 2>&1
SCX_VM_KERNEL=/work/shared/vmtest/bzImage-6.12.117-scx timeout 900 tools/vm/vmrun --cpus 2 --memory 2G --timeout 800 -- sh /work/main/results/s50/lay/g.sh k612 > results/s50/lay/k612.log 2>&1
echo done > results/s50/lay/chain.done
