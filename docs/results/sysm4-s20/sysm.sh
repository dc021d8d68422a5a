# In a 4-vCPU guest: sysbench mutex 8 threads, EEVDF and the build interleaved; per run the
# wall time of the whole command, sysbench's total time and the threads' exec avg/stddev.
# Run: tools/vm/vmrun --cpus 4 --memory 3G -- sh docs/results/sysm4-s20/sysm.sh  (4 vCPUs on 2 host cores: oversubscribed)
cd /work/main
waiten() { for i in $(seq 100); do [ "$(cat /sys/kernel/sched_ext/state)" = enabled ] && break; sleep 0.2; done; sleep 1; }
run() { a=$(date +%s.%N); sysbench mutex --threads=8 --mutex-num=1 --mutex-locks=20000 run > /tmp/sysm.out 2>&1; b=$(date +%s.%N)
  echo "sysm $1 rep=$rep wall=$(echo "$b - $a" | bc) t=$(awk '/total time:/{print $NF}' /tmp/sysm.out) exec=$(awk '/execution time \(avg\/stddev\)/{print $NF}' /tmp/sysm.out) ev=$(awk '/events \(avg\/stddev\)/{print $NF}' /tmp/sysm.out)"; }
one() { name=$1; shift; if [ "$name" = eevdf ]; then run eevdf; else "$@" > /dev/null 2>&1 & p=$!; waiten; run $name; kill -INT $p; wait $p; fi; }
for rep in $(seq ${REPS:-10}); do
  one eevdf
  one new target/release/scx_lockaware
done
