#!/bin/sh
# Session 56: the kept-task class check (class_quiet_running()) against the build before it
# (.cache/base-s56-scx_lockaware, session 55's) and EEVDF: the pair's leave times (4 vCPUs,
# builds alternating), lock items 1-2 and five third-party items at 2 vCPUs on 6.12.
cd /work/main
export BPF_CLANG=clang-19 SCX_VM_KERNEL=/work/shared/vmtest/bzImage-6.12.117-scx
PY=/root/.pyenv/versions/3.11.7/bin/python3
cat > results/s56/leave-ab.sh <<EOS
#!/bin/sh
cd /work/main
for i in 1 2 3 4 5 6; do
  echo "== before"; SCX_LOCKAWARE_BIN=/work/main/.cache/base-s56-scx_lockaware $PY docs/results/quiet-s56/leave.py 1
  echo "== new"; $PY docs/results/quiet-s56/leave.py 1
done
EOS
chmod +x results/s56/leave-ab.sh
tools/vm/vmrun --cpus 4 --memory 2G --timeout 900 -- /work/main/results/s56/leave-ab.sh > results/s56/leave-ab.log 2>&1
export SCX_REF="base=/work/main/.cache/base-s56-scx_lockaware"
for i in 1 2; do
  tools/vm/suite -c 2 -r 5 -t 4 -i $i -o results/s56/lock2 lock > results/s56/lock2-$i.log 2>&1
done
for i in 2 6 7 10 12; do
  tools/vm/suite -c 2 -r 5 -t 4 -i $i -o results/s56/ext2 ext > results/s56/ext2-$i.log 2>&1
done
echo done > results/s56/chain1.done
