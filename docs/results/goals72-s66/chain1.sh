cd /work/main
. .cache/env.sh
SCX_VM_KERNEL=/work/shared/vmtest/bzImage-7.2.13-scx tools/vm/suite -c 2 -r 5 -t 4 -o results/s66/inform-72 inform
touch results/s66/inform-72.done
