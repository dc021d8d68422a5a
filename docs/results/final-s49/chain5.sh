#!/bin/sh
# Session 49: after chain4, §68.3's two steady states (regime/run.sh) in a 2-vCPU 6.12 guest.
cd /work/main
while pgrep -f "chain4.sh" > /dev/null || pgrep -f "tools/vm/" > /dev/null; do sleep 10; done
export SCX_VM_KERNEL=/work/shared/vmtest/bzImage-6.12.117-scx
tools/vm/vmrun --cpus 2 --memory 2G --timeout 600 -- sh results/s49/regime/run.sh > results/s49/regime/vm.log 2>&1
echo done > results/s49/chain5.done
