set -x
cd /work/main
for i in 1 2; do
 for v in head new; do
  cp results/s71/bin/scx_lockaware.$v target/release/scx_lockaware
  echo "=== $v $i"
  /root/.pyenv/versions/3.11.7/bin/python3 -m pytest -q -rP tests/vm/test_ssc.py -k inside_futex_counts 2>&1 | grep -E "passed|failed|getppid threads|^E  "
 done
done
cp results/s71/bin/scx_lockaware.new target/release/scx_lockaware
