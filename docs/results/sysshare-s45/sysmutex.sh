#!/bin/sh
# usage: sysmutex.sh THREADS ROUNDS: EEVDF, session 44's build and this one, interleaved
cd /work/main
S=.cache/s45
run() {  # $1 name, $2 binary or "eevdf", rest: scheduler args
  name=$1 bin=$2; shift 2
  pid= lt= line=
  if [ "$bin" != eevdf ]; then
    $bin --stats 1 "$@" > /dev/shm/la.log 2>&1 &
    pid=$!
    for i in $(seq 50); do [ "$(cat /sys/kernel/sched_ext/state)" = enabled ] && break; sleep 0.2; done
    sleep 0.5
  fi
  r=$($S/sysmutex $T 4)
  line=
  if [ -n "$pid" ]; then
    kill -INT $pid; wait $pid
    line=$(grep -E "ssc [0-9]" /dev/shm/la.log | sed -n 3p | sed 's/.*refine//' | cut -c1-60)
    lt=$(grep -oE "lock tasks [0-9]+ \([^)]*\)" /dev/shm/la.log | tr '\n' ';')
  fi
  echo "$name $r | $line | $lt"
}
T=$1
for r in $(seq $2); do
  run eevdf eevdf
  run before results/s45/la-s45
  run new target/release/scx_lockaware
done
