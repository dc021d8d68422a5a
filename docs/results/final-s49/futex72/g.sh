cd /dev/shm
stress-ng --futex 2 --timeout 3 -q &
sleep 1.5
for p in $(pgrep stress-ng); do echo "$p $(cat /proc/$p/comm)"; ls -la /proc/$p/sched; head -3 /proc/$p/sched; done
. /tmp/snapfn.sh 2>/dev/null
wait
