#!/bin/sh
# usage: chk.sh ROUNDS: the mutex pair (cm2.sh) and sysmutex 4 threads, EEVDF / session 45's
# stime rule / the futex-tick rule, each with --lock-sys-share, interleaved
cd /work/main
S=.cache/s46
run() {  # $1 name, $2 binary or "eevdf", rest: scheduler args
  name=$1 bin=$2; shift 2
  pid= lt= line=
  if [ "$bin" != eevdf ]; then
    $bin --stats 1 "$@" > /dev/shm/la.log 2>&1 &
    pid=$!
    for i in $(seq 50); do [ "$(cat /sys/kernel/sched_ext/state)" = enabled ] && break; sleep 0.2; done
    sleep 0.5
  fi
  r=$($S/sysmutex 4 4)
  if [ -n "$pid" ]; then
    kill -INT $pid; wait $pid
    lt=$(grep -oE "lock tasks [0-9]+ \([^)]*\)" /dev/shm/la.log | tr '\n' ';')
  fi
  echo "sysmutex4 $name $r | $lt"
}
for r in $(seq $1); do
  run eevdf eevdf
  run stime results/s45/la-final --lock-sys-share
  run ftick target/release/scx_lockaware --lock-sys-share
  for v in eevdf "--lock-sys-share"; do
    echo "cm2 $v"; docs/results/sysshare-s45/cm2.sh 2 $v | sed 's/^/   /'
  done
done
