cd /work/main
for i in 1 2 3 4; do
 for v in before after; do
  t0=$(date +%s.%N)
  results/s71/bin/scx_lockaware.$v > /dev/null 2>&1 &
  pid=$!
  while [ "$(cat /sys/kernel/sched_ext/state)" != enabled ]; do sleep 0.01; done
  t1=$(date +%s.%N)
  echo "$v $i $(echo "$t1 - $t0" | bc)"
  kill -INT $pid; wait $pid
  while [ "$(cat /sys/kernel/sched_ext/state)" != disabled ]; do sleep 0.05; done
  sleep 1
 done
done
