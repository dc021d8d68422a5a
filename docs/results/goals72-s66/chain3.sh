cd /work/main
. .cache/env.sh
while [ ! -e results/s66/long4.done ]; do sleep 20; done
K=/work/shared/vmtest/bzImage-7.2.13-scx
SCX_VM_KERNEL=$K tools/vm/suite -c 2 -r 5 -t 4 -o results/s66/ext-72 ext > results/s66/ext-72.log 2>&1
date > results/s66/ext-72.done
for i in 1 2 5; do
  SCX_VM_KERNEL=$K tools/vm/suite -c 2 -r 5 -t 4 -i $i -o results/s66/lock-72 lock > results/s66/lock-72-$i.log 2>&1
done
date > results/s66/chain3.done
