#!/bin/sh
# Session 65, after chain3.sh: stress-ng sem-sysv (4 workers) at 4 vCPUs (OVERSUBSCRIBED), 6.12,
# 4 rounds: EEVDF, the default, the default without lock tracing; per run the system-wide
# switches, migrations, wake-ups, IPIs and idle share (docs/results/ext-s54/counts.sh).
cd /work/main
. .cache/env.sh
while [ ! -f results/s65/chain3.done ]; do sleep 10; done
cat > results/s65/semsysv-guest.sh <<'EOS'
#!/bin/sh
B=/work/main/target/release/scx_lockaware
W=4 sh /work/main/docs/results/ext-s54/counts.sh 4 sem-sysv "lockaware=$B" "notrace=$B --no-futex --no-kernel-locks --no-xcall-waits"
W=4 sh /work/main/docs/results/ext-s54/counts.sh 3 fork "lockaware=$B" "notrace=$B --no-futex --no-kernel-locks --no-xcall-waits"
EOS
chmod +x results/s65/semsysv-guest.sh
tools/vm/vmrun --cpus 4 --memory 2G --timeout 900 -- results/s65/semsysv-guest.sh > results/s65/semsysv-6.12.log 2>&1
date > results/s65/semsysv.done
