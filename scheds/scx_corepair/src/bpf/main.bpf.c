/* SPDX-License-Identifier: GPL-2.0 */
/*
 * scx_corepair: resource-contention-aware scheduling on pairs of CPUs that
 * share a cache (SPEC.md section 2; thesis chapter 4).
 *
 * Each task's demand is its cumulative rate of one counter per another (by
 * default LLC accesses per instruction, eq. 4-5), read at every context
 * switch by a tracing program and kept in task storage (figure 4.3). The CPUs
 * are paired; in a pair the master runs the high-demand tasks and the slave
 * the low-demand ones. Every CPU has its own vtime-ordered run queue.
 *
 *   select_cpu - a woken task goes straight to an idle CPU (its previous one
 *                first); otherwise to its CPU's queue (enqueue);
 *   dispatch   - a master or plain CPU runs the head of its queue; a slave
 *                runs, among the first maxcnt tasks of its queue, the one
 *                whose rate plus the master's current task's rate is closest
 *                to m, the sum of the two queues' average rates (figure 4.4),
 *                unless its head waited past the starvation threshold; a CPU
 *                with nothing queued keeps its task or takes its partner's
 *                head, then any other CPU's;
 *   balance    - a program the agent runs every --balance-ms: in each pair
 *                low-demand master tasks are swapped for high-demand slave
 *                tasks (figure 4.5); neighbouring pairs' masters, and their
 *                slaves, swap so that the lower index holds the higher
 *                rates (figure 4.6, odd and even neighbours in turn); and the
 *                longest queue gives a task to the shortest.
 *
 * Counters: on 6.12-6.14 a struct_ops program may not call
 * bpf_perf_event_read_value(), so tp_btf/sched_switch reads them on every
 * kernel and the struct_ops callbacks read only task storage.
 */
#include <scx/common.bpf.h>
#include "intf.h"

char _license[] SEC("license") = "GPL";

/* Tunables, filled by the agent before load. */

/* Time slice given to every task, in nanoseconds (--slice-us). */
const volatile u64 slice_ns = 5000000ULL;
/* Tasks of a slave's queue looked at by the pick (--maxcnt, §4.4.3: 10). */
const volatile u32 maxcnt = 10;
/* A slave's head runs first once it waited this long (--starvation-ms, §4.4.3). */
const volatile u64 starvation_ns = 50000000ULL;
/* Number of possible CPU ids (highest id + 1). */
const volatile u32 nr_cpus_possible = 1;
/* Number of pairs; pair k is pair_master[k] - pair_slave[k]. */
const volatile u32 nr_pairs = 0;
const volatile s32 pair_master[MAX_PAIRS];
const volatile s32 pair_slave[MAX_PAIRS];
/* Per CPU: its role, its partner (-1 if none) and its pair's index. */
const volatile u8 cpu_role[MAX_CPUS];
const volatile s32 cpu_partner[MAX_CPUS];
const volatile u32 cpu_pair[MAX_CPUS];

/* Required by sched_common.bpf.h. */
const volatile u32 cpu_llc[MAX_CPUS];
const volatile s32 cpu_sibling[MAX_CPUS];
const volatile bool smt_enabled;

UEI_DEFINE(uei);

#include "sched_common.bpf.h"

/*
 * The counters, one per CPU and event, opened by the agent (all tasks on that
 * CPU, not inherited): index = CPU.
 */
struct {
	__uint(type, BPF_MAP_TYPE_PERF_EVENT_ARRAY);
	__uint(key_size, sizeof(u32));
	__uint(value_size, sizeof(u32));
	__uint(max_entries, MAX_CPUS);
} pmu_accesses SEC(".maps");

struct {
	__uint(type, BPF_MAP_TYPE_PERF_EVENT_ARRAY);
	__uint(key_size, sizeof(u32));
	__uint(value_size, sizeof(u32));
	__uint(max_entries, MAX_CPUS);
} pmu_instructions SEC(".maps");

/* A counter's value at the last context switch on a CPU. */
struct pmu_last {
	u64 counter;
	u64 enabled;
	u64 running;
};

/*
 * Per-CPU state, read by the CPU's partner too (so an array, not a per-CPU
 * map), one cache line per CPU.
 */
struct cpu_ctx {
	u64 curr_rate;		/* rate of the task running here, 0 when none */
	u64 rate_sum;		/* §4.3.2: Σ rates of the tasks switched to ... */
	u64 rate_cnt;		/* ... and how many (halved at AVG_WINDOW) */
	struct pmu_last acc;
	struct pmu_last ins;
	bool primed;		/* acc/ins hold a reading */
} __attribute__((aligned(64)));

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, MAX_CPUS);
	__type(key, u32);
	__type(value, struct cpu_ctx);
} cpu_ctxs SEC(".maps");

/* Per-task state. */
struct task_ctx {
	u64 accesses;		/* eq. 4-5: Σ first event over all past slices */
	u64 instructions;	/* ... Σ second event */
	u64 rate;		/* their ratio, RATE_SHIFT fixed point */
	u64 started_at;		/* when it last started running */
	u64 queued_at;		/* when it was last queued */
	u64 ns[NR_ROLES];	/* run time by role of the CPU */
	u64 info_at;		/* when its task_infos entry was last written */
};

struct {
	__uint(type, BPF_MAP_TYPE_TASK_STORAGE);
	__uint(map_flags, BPF_F_NO_PREALLOC);
	__type(key, int);
	__type(value, struct task_ctx);
} task_ctxs SEC(".maps");

/* Tasks' demand for the statistics, by pid; refreshed at most every 100 ms. */
struct {
	__uint(type, BPF_MAP_TYPE_LRU_HASH);
	__uint(max_entries, 4096);
	__type(key, s32);
	__type(value, struct task_info);
} task_infos SEC(".maps");

#define INFO_PERIOD_NS	100000000ULL

/* Each pair as the last balance step saw it (read by the agent). */
struct pair_state pair_states[MAX_PAIRS];
/* Balance steps run so far: odd and even neighbours take turns. */
u64 balance_round;

/* The largest vtime of a task started anywhere. */
static u64 vtime_now;

static struct cpu_ctx *lookup_cpu_ctx(s32 cpu)
{
	u32 c = (u32)cpu;

	return bpf_map_lookup_elem(&cpu_ctxs, &c);
}

static struct task_ctx *lookup_task_ctx(const struct task_struct *p)
{
	return bpf_task_storage_get(&task_ctxs, (struct task_struct *)p, 0, 0);
}

static u64 cpu_dsq(s32 cpu)
{
	return CPU_DSQ_BASE + (u32)cpu;
}

static u8 role_of(s32 cpu)
{
	u32 c = (u32)cpu;

	if (c >= MAX_CPUS)
		return ROLE_PLAIN;
	return cpu_role[c & (MAX_CPUS - 1)];
}

static s32 partner_of(s32 cpu)
{
	u32 c = (u32)cpu;

	if (c >= MAX_CPUS)
		return -1;
	return cpu_partner[c & (MAX_CPUS - 1)];
}

static u64 task_rate(const struct task_struct *p)
{
	struct task_ctx *tctx = lookup_task_ctx(p);

	return tctx ? tctx->rate : 0;
}

/*
 * The decision rules. Each has a twin of the same name in pairing.rs;
 * check_rules() below runs these on the cases the agent gives it
 * (--check-rules) so that the two cannot drift apart.
 */

/*
 * Eq. 4-5 / figure 4.3: the cumulative rate, RATE_SHIFT fixed point; 0 until
 * RATE_MIN_INSTRUCTIONS have been counted (pairing.rs says why).
 */
static u64 rate(u64 accesses, u64 instructions)
{
	u64 r;
	int i;

	if (instructions < RATE_MIN_INSTRUCTIONS)
		return 0;
	for (i = 0; i < 64 && (accesses >> 31); i++) {
		accesses >>= 1;
		instructions >>= 1;
	}
	if (!instructions)
		return accesses ? RATE_MAX : 0;
	r = (accesses << RATE_SHIFT) / instructions;
	return r < RATE_MAX ? r : RATE_MAX;
}

/* §4.3.2: a CPU's running average of the rates it switched to. */
static void avg_note(u64 *sum, u64 *cnt, u64 r)
{
	*sum += r;
	*cnt += 1;
	if (*cnt >= AVG_WINDOW) {
		*sum /= 2;
		*cnt /= 2;
	}
}

static u64 avg(u64 sum, u64 cnt)
{
	return cnt ? sum / cnt : 0;
}

/* Figure 4.4, line 1: m, the sum of the two queues' average rates. */
static u64 middle(u64 msum, u64 mcnt, u64 ssum, u64 scnt)
{
	return avg(msum, mcnt) + avg(ssum, scnt);
}

static u64 pair_middle(struct cpu_ctx *master, struct cpu_ctx *slave)
{
	return middle(master->rate_sum, master->rate_cnt, slave->rate_sum, slave->rate_cnt);
}

/* Figure 4.4, line 6: how far a pick of rate @r is from the middle. */
static u64 pick_delta(u64 r, u64 a, u64 m)
{
	u64 s = r + a;

	return s > m ? s - m : m - s;
}

/* §4.4.6: one demand above m/2 and the other not. */
static bool complementary(u64 r, u64 a, u64 m)
{
	return (2 * r > m) != (2 * a > m);
}

/* Figure 4.5: a master task that should go, a slave task that should come. */
static bool master_task_low(u64 r, u64 m)
{
	return 2 * r < m;
}

static bool slave_task_high(u64 r, u64 m)
{
	return 2 * r > m;
}

/* §4.3.2, the starvation guard. */
static bool starving(u64 waited_ns)
{
	return waited_ns > starvation_ns;
}

/*
 * Reading the counters (figure 4.3). Every context switch on a CPU reads its
 * two counters; what they counted since the previous switch there belongs to
 * the task that ran in between (@prev). A counter that the PMU multiplexed
 * (enabled > running) is scaled by enabled/running over the interval.
 */
static u64 pmu_delta(struct pmu_last *last, struct bpf_perf_event_value *v,
		     bool *multiplexed)
{
	u64 dc = v->counter - last->counter;
	u64 de = v->enabled - last->enabled;
	u64 dr = v->running - last->running;

	last->counter = v->counter;
	last->enabled = v->enabled;
	last->running = v->running;
	if (de == dr)
		return dc;
	*multiplexed = true;
	if (!dr)
		return 0;
	/* dc, de: one switch interval, far below 2^32 each in practice. */
	if (dc < (1ULL << 32) && de < (1ULL << 32))
		return dc * de / dr;
	return dc / dr * de;
}

SEC("tp_btf/sched_switch")
int BPF_PROG(corepair_sched_switch, bool preempt, struct task_struct *prev,
	     struct task_struct *next)
{
	struct bpf_perf_event_value a = {}, i = {};
	bool multiplexed = false;
	struct task_ctx *tctx;
	struct cpu_ctx *cctx;
	u64 da, di;

	cctx = lookup_cpu_ctx(bpf_get_smp_processor_id());
	if (!cctx)
		return 0;
	if (bpf_perf_event_read_value(&pmu_accesses, BPF_F_CURRENT_CPU, &a, sizeof(a)) ||
	    bpf_perf_event_read_value(&pmu_instructions, BPF_F_CURRENT_CPU, &i, sizeof(i))) {
		stat_inc(STAT_PMU_ERRORS);
		return 0;
	}
	stat_inc(STAT_PMU_READS);
	if (!cctx->primed) {
		pmu_delta(&cctx->acc, &a, &multiplexed);
		pmu_delta(&cctx->ins, &i, &multiplexed);
		cctx->primed = true;
		return 0;
	}
	da = pmu_delta(&cctx->acc, &a, &multiplexed);
	di = pmu_delta(&cctx->ins, &i, &multiplexed);
	if (multiplexed)
		stat_inc(STAT_PMU_MULTIPLEXED);
	if (!prev->pid)
		return 0;	/* the idle task */
	tctx = bpf_task_storage_get(&task_ctxs, prev, 0, 0);
	if (!tctx)
		return 0;
	tctx->accesses += da;
	tctx->instructions += di;
	tctx->rate = rate(tctx->accesses, tctx->instructions);
	return 0;
}

s32 BPF_STRUCT_OPS(corepair_select_cpu, struct task_struct *p, s32 prev_cpu,
		   u64 wake_flags)
{
	s32 cpu = -1;

	if (p->nr_cpus_allowed == 1)
		return prev_cpu;	/* enqueue() queues it where it must run */
	if (bpf_cpumask_test_cpu(prev_cpu, p->cpus_ptr) &&
	    scx_bpf_test_and_clear_cpu_idle(prev_cpu))
		cpu = prev_cpu;
	else
		cpu = scx_bpf_pick_idle_cpu(p->cpus_ptr, 0);
	if (cpu >= 0) {
		scx_bpf_dsq_insert(p, SCX_DSQ_LOCAL, slice_ns, 0);
		stat_inc(STAT_DIRECT_IDLE);
		return cpu;
	}
	return prev_cpu;
}

void BPF_STRUCT_OPS(corepair_enqueue, struct task_struct *p, u64 enq_flags)
{
	struct task_ctx *tctx;
	s32 cpu = scx_bpf_task_cpu(p);
	u64 vtime = p->scx.dsq_vtime;

	/* Per-CPU kthreads run where they must, ahead of everything else. */
	if (is_pcpu_kthread(p)) {
		scx_bpf_dsq_insert(p, SCX_DSQ_LOCAL, slice_ns, enq_flags);
		stat_inc(STAT_KTHREAD_LOCAL);
		return;
	}
	if (!bpf_cpumask_test_cpu(cpu, p->cpus_ptr))
		cpu = bpf_cpumask_any_distribute(p->cpus_ptr);

	/* A task that slept does not bank more than a slice of credit. */
	vtime = vtime_clamp_credit(vtime, vtime_now, slice_ns);
	tctx = lookup_task_ctx(p);
	if (tctx)
		tctx->queued_at = scx_bpf_now();
	scx_bpf_dsq_insert_vtime(p, cpu_dsq(cpu), slice_ns, vtime, enq_flags);
	stat_inc(STAT_ENQ);
	/* Its CPU may be idle (a wake-up select_cpu() found no idle CPU for). */
	scx_bpf_kick_cpu(cpu, SCX_KICK_IDLE);
}

/* How long the head of @dsq has waited, in ns (0: empty or unknown). */
static u64 head_wait_ns(u64 dsq, u64 now)
{
	struct task_struct *p = __COMPAT_scx_bpf_dsq_peek(dsq);
	struct task_ctx *tctx;

	if (!p)
		return 0;
	tctx = lookup_task_ctx(p);
	if (!tctx || !tctx->queued_at || now < tctx->queued_at)
		return 0;
	return now - tctx->queued_at;
}

/*
 * Figure 4.4 on slave @cpu, whose master is @master: run the task among the
 * first maxcnt of its queue whose rate plus the rate of the master's current
 * task is closest to m (the first one on a tie). The head runs first if it
 * has waited past the starvation threshold.
 */
static bool slave_dispatch(s32 cpu, s32 master)
{
	struct cpu_ctx *mctx = lookup_cpu_ctx(master), *sctx = lookup_cpu_ctx(cpu);
	u64 dsq = cpu_dsq(cpu), now = scx_bpf_now();
	u64 a, m, r, d, best_d = (u64)-1, best_r = 0;
	struct task_struct *p;
	s32 best_pid = -1;
	u32 n = 0, best_n = 0;
	bool moved = false;

	if (!mctx || !sctx || !scx_bpf_dsq_nr_queued(dsq))
		return false;
	if (starving(head_wait_ns(dsq, now))) {
		if (scx_bpf_dsq_move_to_local(dsq, 0)) {
			stat_inc(STAT_STARVATION);
			return true;
		}
		return false;
	}
	a = mctx->curr_rate;
	m = pair_middle(mctx, sctx);
	bpf_for_each(scx_dsq, p, dsq, 0) {
		if (n >= maxcnt || n >= MAX_MAXCNT)
			break;
		if (!bpf_cpumask_test_cpu(cpu, p->cpus_ptr))
			continue;
		r = task_rate(p);
		d = pick_delta(r, a, m);
		if (d < best_d) {
			best_d = d;
			best_pid = p->pid;
			best_r = r;
			best_n = n;
		}
		n++;
	}
	if (best_pid < 0)
		return scx_bpf_dsq_move_to_local(dsq, 0);
	bpf_for_each(scx_dsq, p, dsq, 0) {
		if (p->pid != best_pid)
			continue;
		moved = scx_bpf_dsq_move(BPF_FOR_EACH_ITER, p, SCX_DSQ_LOCAL, 0);
		break;
	}
	if (!moved) {
		stat_inc(STAT_MOVE_RACED);
		return scx_bpf_dsq_move_to_local(dsq, 0);
	}
	stat_inc(STAT_SLAVE_PICKS);
	if (complementary(best_r, a, m))
		stat_inc(STAT_SLAVE_MATCHED);
	if (best_n)
		stat_inc(STAT_SLAVE_REORDER);
	return true;
}

/* Take the head of another CPU's queue: the partner's first, then any. */
static bool steal(s32 cpu)
{
	s32 partner = partner_of(cpu);
	u32 i, c;

	if (partner >= 0 && scx_bpf_dsq_move_to_local(cpu_dsq(partner), 0)) {
		stat_inc(STAT_DISPATCH_PARTNER);
		return true;
	}
	bpf_for(i, 1, nr_cpus_possible) {
		c = ((u32)cpu + i) % nr_cpus_possible;
		if ((s32)c == partner || c >= MAX_CPUS)
			continue;
		if (scx_bpf_dsq_nr_queued(cpu_dsq(c)) &&
		    scx_bpf_dsq_move_to_local(cpu_dsq(c), 0)) {
			stat_inc(STAT_DISPATCH_STEAL);
			return true;
		}
	}
	return false;
}

void BPF_STRUCT_OPS(corepair_dispatch, s32 cpu, struct task_struct *prev)
{
	s32 partner = partner_of(cpu);

	if (role_of(cpu) == ROLE_SLAVE && partner >= 0) {
		if (slave_dispatch(cpu, partner))
			return;
	} else if (scx_bpf_dsq_move_to_local(cpu_dsq(cpu), 0)) {
		stat_inc(STAT_DISPATCH_OWN);
		return;
	}
	/*
	 * Nothing queued here. A partner with two or more queued tasks gives
	 * one (the pair's queues stay even, as the thesis's load balance keeps
	 * them); otherwise the current task runs on if it wants to.
	 */
	if (partner >= 0 && scx_bpf_dsq_nr_queued(cpu_dsq(partner)) > 1 &&
	    scx_bpf_dsq_move_to_local(cpu_dsq(partner), 0)) {
		stat_inc(STAT_DISPATCH_PARTNER);
		return;
	}
	if (prev && (prev->scx.flags & SCX_TASK_QUEUED)) {
		scx_bpf_task_set_slice(prev, slice_ns);
		stat_inc(STAT_KEEP_PREV);
		return;
	}
	steal(cpu);
}

void BPF_STRUCT_OPS(corepair_running, struct task_struct *p)
{
	struct task_ctx *tctx = lookup_task_ctx(p);
	struct cpu_ctx *cctx = lookup_cpu_ctx(scx_bpf_task_cpu(p));
	u64 r = tctx ? tctx->rate : 0;

	if (tctx)
		tctx->started_at = scx_bpf_now();
	if (cctx) {
		cctx->curr_rate = r;
		avg_note(&cctx->rate_sum, &cctx->rate_cnt, r);
	}
	if (vtime_delta(p->scx.dsq_vtime, vtime_now) > 0)
		vtime_now = p->scx.dsq_vtime;
}

/* The pair's m as seen from @cpu (0 for a plain CPU). */
static u64 middle_of_cpu(s32 cpu)
{
	s32 partner = partner_of(cpu);
	struct cpu_ctx *a, *b;

	if (partner < 0)
		return 0;
	a = lookup_cpu_ctx(cpu);
	b = lookup_cpu_ctx(partner);
	return a && b ? pair_middle(a, b) : 0;
}

static void publish_task_info(struct task_struct *p, struct task_ctx *tctx, u64 now)
{
	struct task_info info = {};
	s32 pid = p->pid;

	if (now - tctx->info_at < INFO_PERIOD_NS)
		return;
	tctx->info_at = now;
	bpf_probe_read_kernel_str(info.comm, sizeof(info.comm), p->comm);
	info.rate = tctx->rate;
	info.accesses = tctx->accesses;
	info.instructions = tctx->instructions;
	info.ns[ROLE_PLAIN] = tctx->ns[ROLE_PLAIN];
	info.ns[ROLE_MASTER] = tctx->ns[ROLE_MASTER];
	info.ns[ROLE_SLAVE] = tctx->ns[ROLE_SLAVE];
	info.updated_ns = now;
	bpf_map_update_elem(&task_infos, &pid, &info, BPF_ANY);
}

void BPF_STRUCT_OPS(corepair_stopping, struct task_struct *p, bool runnable)
{
	struct task_ctx *tctx = lookup_task_ctx(p);
	s32 cpu = scx_bpf_task_cpu(p);
	struct cpu_ctx *cctx = lookup_cpu_ctx(cpu);
	u64 now = scx_bpf_now(), used;
	u8 role = role_of(cpu);
	bool high;

	if (cctx)
		cctx->curr_rate = 0;
	if (!tctx || !tctx->started_at)
		return;
	used = now - tctx->started_at;
	tctx->started_at = 0;
	scx_bpf_task_set_dsq_vtime(p, p->scx.dsq_vtime +
				      scale_by_task_weight_inverse(p, used));
	if (role < NR_ROLES)
		tctx->ns[role] += used;
	if (role != ROLE_PLAIN) {
		high = 2 * tctx->rate > middle_of_cpu(cpu);
		if (role == ROLE_MASTER)
			stat_add(high ? STAT_HIGH_NS_MASTER : STAT_LOW_NS_MASTER, used);
		else
			stat_add(high ? STAT_HIGH_NS_SLAVE : STAT_LOW_NS_SLAVE, used);
	}
	publish_task_info(p, tctx, now);
}

void BPF_STRUCT_OPS(corepair_enable, struct task_struct *p)
{
	scx_bpf_task_set_dsq_vtime(p, vtime_now);
}

s32 BPF_STRUCT_OPS(corepair_init_task, struct task_struct *p,
		   struct scx_init_task_args *args)
{
	if (!bpf_task_storage_get(&task_ctxs, p, 0, BPF_LOCAL_STORAGE_GET_F_CREATE))
		return -ENOMEM;
	return 0;
}

void BPF_STRUCT_OPS(corepair_exit_task, struct task_struct *p,
		    struct scx_exit_task_args *args)
{
	s32 pid = p->pid;

	bpf_map_delete_elem(&task_infos, &pid);
}

s32 BPF_STRUCT_OPS_SLEEPABLE(corepair_init)
{
	s32 cpu, ret;

	bpf_for(cpu, 0, nr_cpus_possible) {
		if (cpu >= MAX_CPUS)
			break;
		ret = scx_bpf_create_dsq(cpu_dsq(cpu), -1);
		if (ret)
			return ret;
	}
	return 0;
}

void BPF_STRUCT_OPS(corepair_exit, struct scx_exit_info *ei)
{
	UEI_RECORD(uei, ei);
}

/*
 * The balance step (run by the agent every --balance-ms through
 * BPF_PROG_TEST_RUN; a SYSCALL program may move queued tasks between queues).
 * Only queued tasks move ("allowed to migrate": not running, and the target
 * CPU is in their affinity, §4.3.2).
 *
 * A SYSCALL program is sleepable, so every walk of a queue runs inside its
 * own RCU read section. The steps are global functions: the verifier checks
 * each once instead of once per call site.
 */

/* Move the task @pid from queue @from to CPU @to's queue; 1 if it moved. */
__noinline int move_task(u64 from, s32 pid, s32 to)
{
	struct task_struct *p;
	bool moved = false;

	bpf_rcu_read_lock();
	bpf_for_each(scx_dsq, p, from, 0) {
		if (p->pid != pid)
			continue;
		if (bpf_cpumask_test_cpu(to, p->cpus_ptr))
			moved = scx_bpf_dsq_move_vtime(BPF_FOR_EACH_ITER, p, cpu_dsq(to), 0);
		break;
	}
	bpf_rcu_read_unlock();
	if (moved)
		scx_bpf_kick_cpu(to, SCX_KICK_IDLE);
	return moved;
}

/* Swap task @p_pid of CPU @a's queue with task @q_pid of CPU @b's queue. */
static bool exchange(s32 a, s32 p_pid, s32 b, s32 q_pid)
{
	if (!move_task(cpu_dsq(a), p_pid, b)) {
		stat_inc(STAT_MOVE_RACED);
		return false;
	}
	if (!move_task(cpu_dsq(b), q_pid, a)) {
		/* Lengths are off by one; the length balance evens them. */
		stat_inc(STAT_MOVE_RACED);
		return false;
	}
	return true;
}

/*
 * Figure 4.5, one exchange between @master and @slave: the first master task
 * below m/2 with the first slave task above m/2 (each allowed on the other
 * CPU). Repeated, this pairs the k-th such master task with the k-th such
 * slave task, as pairing::pair_exchanges() does. 1 if they swapped.
 */
__noinline int pair_exchange_once(s32 master, s32 slave, u64 m)
{
	s32 low = -1, high = -1;
	struct task_struct *p;
	u32 n = 0;

	bpf_rcu_read_lock();
	bpf_for_each(scx_dsq, p, cpu_dsq(master), 0) {
		if (n++ >= SCAN_MAX)
			break;
		if (bpf_cpumask_test_cpu(slave, p->cpus_ptr) &&
		    master_task_low(task_rate(p), m)) {
			low = p->pid;
			break;
		}
	}
	n = 0;
	bpf_for_each(scx_dsq, p, cpu_dsq(slave), 0) {
		if (low < 0 || n++ >= SCAN_MAX)
			break;
		if (bpf_cpumask_test_cpu(master, p->cpus_ptr) &&
		    slave_task_high(task_rate(p), m)) {
			high = p->pid;
			break;
		}
	}
	bpf_rcu_read_unlock();
	if (low < 0 || high < 0)
		return 0;
	return exchange(master, low, slave, high);
}

/* Figure 4.5 in pair @k, and the pair's state for the statistics. */
__noinline int balance_pair(u32 k)
{
	struct cpu_ctx *mctx, *sctx;
	struct pair_state *ps;
	s32 master, slave;
	u64 m;
	u32 i;

	if (k >= MAX_PAIRS)
		return 0;
	master = pair_master[k];
	slave = pair_slave[k];
	mctx = lookup_cpu_ctx(master);
	sctx = lookup_cpu_ctx(slave);
	if (!mctx || !sctx)
		return 0;
	m = pair_middle(mctx, sctx);
	bpf_for(i, 0, SCAN_MAX) {
		if (!pair_exchange_once(master, slave, m))
			break;
		stat_inc(STAT_XCHG_PAIR);
	}
	ps = &pair_states[k];
	ps->m = m;
	ps->len_master = scx_bpf_dsq_nr_queued(cpu_dsq(master));
	ps->len_slave = scx_bpf_dsq_nr_queued(cpu_dsq(slave));
	return 0;
}

/*
 * Figure 4.6 between CPUs @upper and @lower of neighbouring pairs (both
 * masters or both slaves): @upper's lowest rate for @lower's highest, if the
 * one is below the other. The first task wins a tie. 1 if they swapped.
 */
__noinline int neighbour_exchange(s32 upper, s32 lower)
{
	u64 min_r = (u64)-1, max_r = 0, r;
	s32 min_pid = -1, max_pid = -1;
	struct task_struct *p;
	u32 n = 0;

	bpf_rcu_read_lock();
	bpf_for_each(scx_dsq, p, cpu_dsq(upper), 0) {
		if (n++ >= SCAN_MAX)
			break;
		if (!bpf_cpumask_test_cpu(lower, p->cpus_ptr))
			continue;
		r = task_rate(p);
		if (min_pid < 0 || r < min_r) {
			min_r = r;
			min_pid = p->pid;
		}
	}
	n = 0;
	bpf_for_each(scx_dsq, p, cpu_dsq(lower), 0) {
		if (n++ >= SCAN_MAX)
			break;
		if (!bpf_cpumask_test_cpu(upper, p->cpus_ptr))
			continue;
		r = task_rate(p);
		if (max_pid < 0 || r > max_r) {
			max_r = r;
			max_pid = p->pid;
		}
	}
	bpf_rcu_read_unlock();
	if (min_pid < 0 || max_pid < 0 || min_r >= max_r)
		return 0;
	return exchange(upper, min_pid, lower, max_pid);
}

/*
 * Queue lengths: the longest queue gives one task to the shortest when they
 * differ by two or more. A master receiving takes the highest rate, a slave
 * the lowest; any other CPU the head.
 */
__noinline int balance_lengths(void)
{
	u32 c, len, max_len = 0, min_len = (u32)-1;
	s32 from = -1, to = -1, pid = -1;
	struct task_struct *p;
	u64 r, best = 0;
	u8 role;
	u32 n = 0;

	bpf_for(c, 0, nr_cpus_possible) {
		if (c >= MAX_CPUS)
			break;
		len = scx_bpf_dsq_nr_queued(cpu_dsq(c));
		if (len > max_len || from < 0) {
			max_len = len;
			from = c;
		}
		if (len < min_len) {
			min_len = len;
			to = c;
		}
	}
	if (from < 0 || to < 0 || max_len < min_len + 2)
		return 0;
	role = role_of(to);
	bpf_rcu_read_lock();
	bpf_for_each(scx_dsq, p, cpu_dsq(from), 0) {
		if (n++ >= SCAN_MAX)
			break;
		if (!bpf_cpumask_test_cpu(to, p->cpus_ptr))
			continue;
		r = task_rate(p);
		if (pid < 0 || (role == ROLE_MASTER && r > best) ||
		    (role == ROLE_SLAVE && r < best)) {
			pid = p->pid;
			best = r;
		}
		if (role == ROLE_PLAIN)
			break;
	}
	bpf_rcu_read_unlock();
	if (pid >= 0 && move_task(cpu_dsq(from), pid, to))
		stat_inc(STAT_LEN_MOVES);
	return 0;
}

SEC("syscall")
int balance(void *ctx)
{
	u64 round = balance_round++;
	u32 k;

	stat_inc(STAT_BALANCE_STEPS);
	bpf_for(k, 0, nr_pairs)
		balance_pair(k);
	/* Odd-even transposition: neighbours (k, k+1) with k of this round's parity. */
	bpf_for(k, 0, nr_pairs) {
		if (k + 1 >= nr_pairs || k + 1 >= MAX_PAIRS)
			break;
		if ((k & 1) != (round & 1))
			continue;
		if (neighbour_exchange(pair_master[k], pair_master[k + 1]))
			stat_inc(STAT_XCHG_MASTERS);
		if (neighbour_exchange(pair_slave[k], pair_slave[k + 1]))
			stat_inc(STAT_XCHG_SLAVES);
	}
	balance_lengths();
	return 0;
}

/*
 * --check-rules: the agent writes a case into rc_*, runs this program and
 * compares the answers with pairing.rs. The loops below are the rules'
 * loops above, over an array instead of a queue.
 */
u64 rc_rates[RC_RATES];
u64 rc_other[RC_OTHER];
u32 rc_n, rc_on, rc_maxcnt;
u64 rc_a, rc_m, rc_acc, rc_ins;
u64 rc_sum, rc_cnt, rc_sum2, rc_cnt2, rc_waited;
u64 rc_avg_sum, rc_avg_cnt, rc_middle;
bool rc_starving;
s32 rc_pick;
bool rc_pick_complementary;
u64 rc_rate;
s32 rc_xchg[RC_OTHER][2];
u32 rc_nxchg;
s32 rc_neigh[2];

/* Figure 4.4's loop over rc_rates: the index of the pick, or -1. */
__noinline int rc_slave_pick(void)
{
	u64 best_d = (u64)-1, d;
	s32 best = -1;
	u32 i;

	bpf_for(i, 0, rc_n) {
		if (i >= RC_RATES || i >= rc_maxcnt)
			break;
		d = pick_delta(rc_rates[i], rc_a, rc_m);
		if (d < best_d) {
			best_d = d;
			best = i;
		}
	}
	return best;
}

/* Figure 4.5: the index of the @k-th master task below m/2 in rc_rates, or -1. */
__noinline int rc_nth_low(u32 k)
{
	u32 i, seen = 0;

	bpf_for(i, 0, rc_n) {
		if (i >= RC_RATES)
			break;
		if (master_task_low(rc_rates[i], rc_m) && seen++ == k)
			return i;
	}
	return -1;
}

/* ... and of the @k-th slave task above m/2 in rc_other. */
__noinline int rc_nth_high(u32 k)
{
	u32 j, seen = 0;

	bpf_for(j, 0, rc_on) {
		if (j >= RC_OTHER)
			break;
		if (slave_task_high(rc_other[j], rc_m) && seen++ == k)
			return j;
	}
	return -1;
}

/* Figure 4.6's scans: the first lowest of rc_rates, the first highest of rc_other. */
__noinline int rc_min_index(void)
{
	u64 min_r = 0;
	s32 min_i = -1;
	u32 i;

	bpf_for(i, 0, rc_n) {
		if (i >= RC_RATES)
			break;
		if (min_i < 0 || rc_rates[i] < min_r) {
			min_r = rc_rates[i];
			min_i = i;
		}
	}
	return min_i;
}

__noinline int rc_max_index(void)
{
	u64 max_r = 0;
	s32 max_j = -1;
	u32 j;

	bpf_for(j, 0, rc_on) {
		if (j >= RC_OTHER)
			break;
		if (max_j < 0 || rc_other[j] > max_r) {
			max_r = rc_other[j];
			max_j = j;
		}
	}
	return max_j;
}

SEC("syscall")
int check_rules(void *ctx)
{
	u64 *ri, *rj;
	s32 pick, i, j;
	u32 k, nx = 0;

	rc_rate = rate(rc_acc, rc_ins);
	rc_avg_sum = rc_sum;
	rc_avg_cnt = rc_cnt;
	avg_note(&rc_avg_sum, &rc_avg_cnt, rc_a);
	rc_middle = middle(rc_sum, rc_cnt, rc_sum2, rc_cnt2);
	rc_starving = starving(rc_waited);

	pick = rc_slave_pick();
	rc_pick = pick;
	ri = pick >= 0 ? ARRAY_ELEM_PTR(rc_rates, pick, RC_RATES) : NULL;
	rc_pick_complementary = ri && complementary(*ri, rc_a, rc_m);

	/* Figure 4.5 with rc_rates as the master's queue, rc_other the slave's. */
	bpf_for(k, 0, RC_OTHER) {
		i = rc_nth_low(k);
		j = rc_nth_high(k);
		if (i < 0 || j < 0)
			break;
		rc_xchg[k][0] = i;
		rc_xchg[k][1] = j;
		nx++;
	}
	rc_nxchg = nx;

	/* Figure 4.6 with rc_rates as the upper CPU, rc_other the lower. */
	i = rc_min_index();
	j = rc_max_index();
	ri = i >= 0 ? ARRAY_ELEM_PTR(rc_rates, i, RC_RATES) : NULL;
	rj = j >= 0 ? ARRAY_ELEM_PTR(rc_other, j, RC_OTHER) : NULL;
	if (ri && rj && *ri < *rj) {
		rc_neigh[0] = i;
		rc_neigh[1] = j;
	} else {
		rc_neigh[0] = -1;
		rc_neigh[1] = -1;
	}
	return 0;
}

SCX_OPS_DEFINE(corepair_ops,
	       .select_cpu	= (void *)corepair_select_cpu,
	       .enqueue		= (void *)corepair_enqueue,
	       .dispatch	= (void *)corepair_dispatch,
	       .running		= (void *)corepair_running,
	       .stopping	= (void *)corepair_stopping,
	       .enable		= (void *)corepair_enable,
	       .init_task	= (void *)corepair_init_task,
	       .exit_task	= (void *)corepair_exit_task,
	       .init		= (void *)corepair_init,
	       .exit		= (void *)corepair_exit,
	       .name		= "corepair");
