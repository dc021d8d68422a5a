#!/bin/sh
# Throwaway: where dispatch()'s time goes on lock-pi (cumulative ns at checkpoints).
BT=/work/main/.cache/scx-simple-7.2/build/build/sbin/bpftool
for r in 1 2 3; do
  /work/main/results/bin/s33/dbg > /tmp/sched.log 2>&1 &
  P=$!; sleep 3; cat /sys/kernel/sched_ext/state /sys/kernel/sched_ext/root/ops
  perf bench futex lock-pi -t 4 -r 5 | grep Averaged
  ID=$($BT map show | awk '/name dbg_ns/ {sub(":","",$1); print $1}')
  $BT -j map dump id $ID > /tmp/dbg.json
  python3 - <<'PY'
import json
d = json.load(open('/tmp/dbg.json'))
tot = {}
for e in d:
    k = e['key'] if isinstance(e['key'], int) else int(e.get('formatted', {}).get('key', 0))
    vals = e.get('formatted', {}).get('values') or e.get('values')
    s = 0
    for v in vals:
        x = v.get('value')
        s += x if isinstance(x, int) else int.from_bytes(bytes(int(b, 16) for b in x), 'little')
    tot[k] = s
for i in range(7):
    n = tot.get(i + 8, 0)
    print(f"checkpoint {i}: calls {n}, mean ns to here {tot.get(i, 0) / n if n else 0:.0f}")
PY
  kill -INT $P; wait $P
done
