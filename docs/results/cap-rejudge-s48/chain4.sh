#!/bin/sh
# Session 48's last VM chain: after chain3's postmark item, build the final search
# (f8dde4c: la-new3) into target/release, run the full non-slow VM tests on 6.12, then lock
# items 1 and 2 with the statistics sampled and item 5, against la-base. One VM at a time.
cd /work/main
while pgrep -f "tools/vm/suite" > /dev/null; do sleep 10; done
export BPF_CLANG=clang-19
cargo build --release > results/s48/build-new3.log 2>&1
cp target/release/scx_lockaware results/s48/la-new3
K=/work/shared/vmtest
export SCX_VM_KERNEL=$K/bzImage-6.12.117-scx
O=results/s48/n3
mkdir -p $O
PY=/root/.pyenv/versions/3.11.7/bin/python3
tools/vm/vmrun --cpus 4 --memory 2G --timeout 2000 -- \
  "$PY" -m pytest -v -m "not slow" tests/vm --ignore tests/vm/test_smt.py --ignore tests/vm/test_llc.py \
  > $O/vmfull-6.12.117.log 2>&1
export SCX_REF="before=/work/main/results/s48/la-base"
for i in 1 2; do
  SCX_AB_OPTS="--sample-stats --stats-interval-ms 200" \
    tools/vm/suite -c 2 -r 5 -t 4 -i $i -o $O/lock2 lock > $O/suite-lock-$i.log 2>&1
done
tools/vm/suite -c 2 -r 5 -t 4 -i 5 -o $O/lock2 lock > $O/suite-lock-5.log 2>&1
echo done > $O/chain4.done
