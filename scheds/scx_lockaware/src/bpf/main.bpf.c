/* SPDX-License-Identifier: GPL-2.0 */
/*
 * scx_lockaware: the scheduling core.
 *
 * A weighted-vruntime scheduler with one dispatch queue per last-level cache
 * (seed 001: one lock per cache-sharing cluster, none across the machine) and
 * idle-core-first placement (seed 003). The lock-contention logic of the
 * thesis (SPEC.md section 1) builds on this core.
 *
 * The path of a task:
 *   select_cpu  - on wake-up, put the task straight on an idle CPU, a fully
 *                 idle SMT core first;
 *   enqueue     - per-CPU kthreads and one-CPU tasks go to their CPU's local
 *                 queue; otherwise an idle CPU that may run the task (a fully
 *                 idle core first) gets it directly and is woken; else the
 *                 task joins its LLC's vtime-ordered queue;
 *   dispatch    - a CPU takes the lowest-vtime task of its LLC queue, else
 *                 steals from another LLC, else keeps its current task;
 *   running / stopping - charge the time used, scaled by the task's weight.
 */
#include <scx/common.bpf.h>
#include "intf.h"

char _license[] SEC("license") = "GPL";

/* Tunables, filled by the agent before load. */

/* Time slice given to every task, in nanoseconds (--slice-us). */
const volatile u64 slice_ns = 5000000ULL;

/* Number of possible CPU ids (highest id + 1). */
const volatile u32 nr_cpus_possible = 1;

/* Number of last-level caches; their queues have DSQ ids 0..nr_llcs-1. */
const volatile u32 nr_llcs = 1;

/* Dense LLC index of each CPU (0..nr_llcs-1). */
const volatile u32 cpu_llc[MAX_CPUS];

/* Whether the machine has SMT siblings (enables the idle-core-first pick). */
const volatile bool smt_enabled = true;

/* Another CPU of the same core (the SMT sibling), or -1. */
const volatile s32 cpu_sibling[MAX_CPUS];

UEI_DEFINE(uei);

#include "sched_common.bpf.h"

/*
 * Per-LLC context: the CPUs of the LLC and its virtual clock, the largest
 * vtime of a task started there. Only CPUs of that LLC write the clock.
 */
struct llc_ctx {
	struct bpf_cpumask __kptr *cpumask;
	u64 vtime_now;
};

struct {
	__uint(type, BPF_MAP_TYPE_ARRAY);
	__uint(max_entries, MAX_LLCS);
	__type(key, u32);
	__type(value, struct llc_ctx);
} llc_ctxs SEC(".maps");

/* Per-CPU scratch cpumask, for "allowed CPUs of this LLC". */
struct scratch_ctx {
	struct bpf_cpumask __kptr *mask;
};

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, u32);
	__type(value, struct scratch_ctx);
} scratch SEC(".maps");

/*
 * A pending "pull to an idle core" (see pull_to_idle_core()), kept by the
 * CPU whose running task was preempted: that task goes to @target_cpu.
 */
struct pull_hint {
	s32 pid;
	s32 target_cpu;
};

struct {
	__uint(type, BPF_MAP_TYPE_PERCPU_ARRAY);
	__uint(max_entries, 1);
	__type(key, u32);
	__type(value, struct pull_hint);
} pull_hints SEC(".maps");

/* Per-task state. */
struct task_ctx {
	u64 started_at;	/* when the task last started running (ns) */
	u32 vtime_llc;	/* the LLC whose clock the task's vtime follows */
};

struct {
	__uint(type, BPF_MAP_TYPE_TASK_STORAGE);
	__uint(map_flags, BPF_F_NO_PREALLOC);
	__type(key, int);
	__type(value, struct task_ctx);
} task_ctxs SEC(".maps");

static struct llc_ctx *lookup_llc_ctx(u32 llc)
{
	return bpf_map_lookup_elem(&llc_ctxs, &llc);
}

static struct task_ctx *lookup_task_ctx(const struct task_struct *p)
{
	return bpf_task_storage_get(&task_ctxs, (struct task_struct *)p, 0, 0);
}

/*
 * Put @p's vtime on the clock of @llc (keeping its lag) and limit its
 * sleeping credit to one slice.
 */
static void task_follow_llc_clock(struct task_struct *p, struct task_ctx *tctx,
				  u32 llc)
{
	struct llc_ctx *from, *to;
	u64 vtime = p->scx.dsq_vtime;

	to = lookup_llc_ctx(llc);
	if (!to)
		return;
	if (tctx->vtime_llc != llc) {
		from = lookup_llc_ctx(tctx->vtime_llc);
		if (from)
			vtime = vtime_rebase(vtime, from->vtime_now, to->vtime_now);
		tctx->vtime_llc = llc;
	}
	p->scx.dsq_vtime = vtime_clamp_credit(vtime, to->vtime_now, slice_ns);
}

/*
 * Idle-core-first pick for @p, preferring @prev_cpu and then its LLC.
 */
static s32 pick_idle_cpu(struct task_struct *p, s32 prev_cpu)
{
	struct scratch_ctx *sctx;
	struct llc_ctx *lctx;
	struct bpf_cpumask *mask;
	u32 zero = 0;

	sctx = bpf_map_lookup_elem(&scratch, &zero);
	lctx = lookup_llc_ctx(cpu_to_llc(prev_cpu));
	if (!sctx || !lctx)
		return -ENOENT;
	mask = sctx->mask;
	if (!mask || !lctx->cpumask)
		return -ENOENT;

	bpf_cpumask_and(mask, cast_mask(lctx->cpumask), p->cpus_ptr);
	return pick_idle_cpu_core_first(p, prev_cpu, cast_mask(mask), smt_enabled);
}

s32 BPF_STRUCT_OPS(lockaware_select_cpu, struct task_struct *p, s32 prev_cpu,
		   u64 wake_flags)
{
	s32 cpu;

	/* A one-CPU task has nowhere else to go; enqueue() handles it. */
	if (p->nr_cpus_allowed == 1)
		return prev_cpu;

	cpu = pick_idle_cpu(p, prev_cpu);
	if (cpu >= 0) {
		scx_bpf_dsq_insert(p, SCX_DSQ_LOCAL, slice_ns, 0);
		stat_inc(STAT_DIRECT_IDLE);
		return cpu;
	}
	return prev_cpu;
}

static s32 take_pull_hint(struct task_struct *p);

void BPF_STRUCT_OPS(lockaware_enqueue, struct task_struct *p, u64 enq_flags)
{
	struct task_ctx *tctx;
	s32 cpu = scx_bpf_task_cpu(p), idle;
	u32 llc;

	/*
	 * Per-CPU kthreads and other one-CPU tasks can only run where they
	 * are: queue them on that CPU so that they are never stranded behind
	 * tasks that the CPU's LLC queue serves first.
	 */
	if (p->nr_cpus_allowed == 1) {
		scx_bpf_dsq_insert(p, SCX_DSQ_LOCAL, slice_ns, enq_flags);
		stat_inc(is_pcpu_kthread(p) ? STAT_KTHREAD_LOCAL : STAT_PINNED_LOCAL);
		return;
	}

	/* The task's CPU may have left its allowed set (affinity change). */
	if (!bpf_cpumask_test_cpu(cpu, p->cpus_ptr))
		cpu = bpf_cpumask_any_distribute(p->cpus_ptr);

	/*
	 * An idle CPU may run @p (a fully idle core first): hand @p straight
	 * to it and wake it. Queuing @p on the LLC instead would let any CPU
	 * take it, an SMT sibling of a busy core included (seed 003).
	 */
	idle = take_pull_hint(p);
	if (idle < 0)
		idle = pick_idle_cpu(p, cpu);
	if (idle >= 0) {
		scx_bpf_dsq_insert(p, SCX_DSQ_LOCAL_ON | idle, slice_ns, enq_flags);
		scx_bpf_kick_cpu(idle, SCX_KICK_IDLE);
		stat_inc(STAT_KICK_IDLE);
		return;
	}

	llc = cpu_to_llc(cpu);
	tctx = lookup_task_ctx(p);
	if (tctx)
		task_follow_llc_clock(p, tctx, llc);

	scx_bpf_dsq_insert_vtime(p, llc, slice_ns, p->scx.dsq_vtime, enq_flags);
	stat_inc(STAT_LLC_ENQ);
}

static s32 sibling_of(s32 cpu)
{
	u32 c = (u32)cpu;

	if (c >= MAX_CPUS)
		return -1;
	return cpu_sibling[c & (MAX_CPUS - 1)];
}

/* Whether @p is a sched_ext task that may move to another CPU. */
static bool is_movable_scx_task(const struct task_struct *p)
{
	if (BPF_CORE_READ(p, pid) == 0 || BPF_CORE_READ(p, nr_cpus_allowed) <= 1)
		return false;
	return !is_rt_or_dl_policy(BPF_CORE_READ(p, policy));
}

/*
 * Seed 003, "pull from the SMT sibling before idling": @cpu found nothing to
 * run and its SMT sibling is idle too, so a whole core is about to idle. If
 * another core of the same LLC runs a task on each of its siblings, preempt
 * one of those tasks: enqueue() then hands it to an idle core (this one).
 * Only a whole idle core pulls, so tasks never bounce between two half-busy
 * cores.
 */
static void pull_to_idle_core(s32 cpu, u32 llc)
{
	const struct cpumask *idle;
	struct pull_hint *hint;
	s32 sib = sibling_of(cpu), c, victim = -1, victim_pid = 0;
	u32 zero = 0;

	if (!smt_enabled || sib < 0)
		return;

	idle = scx_bpf_get_idle_cpumask();
	if (!bpf_cpumask_test_cpu(sib, idle))
		goto out;

	bpf_for(c, 0, nr_cpus_possible) {
		s32 cs = sibling_of(c);
		struct rq *rq;

		if (c == cpu || c == sib || cs < 0 || cpu_to_llc(c) != llc)
			continue;
		if (bpf_cpumask_test_cpu(c, idle) || bpf_cpumask_test_cpu(cs, idle))
			continue;
		rq = scx_bpf_cpu_rq(c);
		if (rq && is_movable_scx_task(BPF_CORE_READ(rq, curr))) {
			victim = c;
			victim_pid = BPF_CORE_READ(rq, curr, pid);
			break;
		}
	}
out:
	scx_bpf_put_idle_cpumask(idle);
	if (victim < 0)
		return;
	/*
	 * This CPU is not marked idle yet, so the preempted task's enqueue()
	 * would not find it: leave it a hint naming this CPU.
	 */
	hint = bpf_map_lookup_percpu_elem(&pull_hints, &zero, victim);
	if (!hint)
		return;
	hint->pid = victim_pid;
	hint->target_cpu = cpu;
	scx_bpf_kick_cpu(victim, SCX_KICK_PREEMPT);
	stat_inc(STAT_PULL_IDLE_CORE);
}

/*
 * If @p is the task a pull_to_idle_core() preempted on this CPU, the CPU that
 * asked for it, when @p may run there; else -1.
 */
static s32 take_pull_hint(struct task_struct *p)
{
	struct pull_hint *hint;
	u32 zero = 0;
	s32 target;

	hint = bpf_map_lookup_elem(&pull_hints, &zero);
	if (!hint || !hint->pid || hint->pid != p->pid)
		return -1;
	target = hint->target_cpu;
	hint->pid = 0;
	if (target < 0 || !bpf_cpumask_test_cpu(target, p->cpus_ptr))
		return -1;
	return target;
}

void BPF_STRUCT_OPS(lockaware_dispatch, s32 cpu, struct task_struct *prev)
{
	u32 llc = cpu_to_llc(cpu);
	u32 i;

	if (scx_bpf_dsq_move_to_local(llc, 0)) {
		stat_inc(STAT_DISPATCH_LLC);
		return;
	}

	/* Nothing in our LLC: help the others before going idle. */
	bpf_for(i, 1, nr_llcs) {
		u32 other = (llc + i) % nr_llcs;

		if (scx_bpf_dsq_move_to_local(other, 0)) {
			stat_inc(STAT_DISPATCH_STEAL);
			return;
		}
	}

	/* Nobody else wants this CPU: let the current task go on. */
	if (prev && (prev->scx.flags & SCX_TASK_QUEUED)) {
		scx_bpf_task_set_slice(prev, slice_ns);
		stat_inc(STAT_KEEP_PREV);
		return;
	}

	pull_to_idle_core(cpu, llc);
}

void BPF_STRUCT_OPS(lockaware_running, struct task_struct *p)
{
	struct task_ctx *tctx = lookup_task_ctx(p);
	struct llc_ctx *lctx;
	u32 llc = cpu_to_llc(scx_bpf_task_cpu(p));

	if (!tctx)
		return;
	tctx->started_at = scx_bpf_now();

	/* A stolen task now follows the clock of the LLC it runs on. */
	if (tctx->vtime_llc != llc)
		task_follow_llc_clock(p, tctx, llc);

	lctx = lookup_llc_ctx(llc);
	if (lctx && vtime_delta(p->scx.dsq_vtime, lctx->vtime_now) > 0)
		lctx->vtime_now = p->scx.dsq_vtime;
}

void BPF_STRUCT_OPS(lockaware_stopping, struct task_struct *p, bool runnable)
{
	struct task_ctx *tctx = lookup_task_ctx(p);
	u64 used;

	if (!tctx || !tctx->started_at)
		return;
	used = scx_bpf_now() - tctx->started_at;
	/* Weighted vruntime: nice 0 (weight 100) advances at wall speed. */
	p->scx.dsq_vtime += scale_by_task_weight_inverse(p, used);
}

void BPF_STRUCT_OPS(lockaware_enable, struct task_struct *p)
{
	struct task_ctx *tctx = lookup_task_ctx(p);
	struct llc_ctx *lctx;
	u32 llc = cpu_to_llc(scx_bpf_task_cpu(p));

	lctx = lookup_llc_ctx(llc);
	p->scx.dsq_vtime = lctx ? lctx->vtime_now : 0;
	if (tctx)
		tctx->vtime_llc = llc;
}

s32 BPF_STRUCT_OPS(lockaware_init_task, struct task_struct *p,
		   struct scx_init_task_args *args)
{
	if (!bpf_task_storage_get(&task_ctxs, p, 0, BPF_LOCAL_STORAGE_GET_F_CREATE))
		return -ENOMEM;
	return 0;
}

/* Give @slot a fresh empty cpumask. */
static s32 init_cpumask(struct bpf_cpumask **slot)
{
	struct bpf_cpumask *mask;

	mask = bpf_cpumask_create();
	if (!mask)
		return -ENOMEM;
	mask = bpf_kptr_xchg(slot, mask);
	if (mask)
		bpf_cpumask_release(mask);
	return 0;
}

static s32 init_scratch_masks(void)
{
	struct scratch_ctx *sctx;
	u32 zero = 0;
	s32 cpu, ret;

	bpf_for(cpu, 0, nr_cpus_possible) {
		sctx = bpf_map_lookup_percpu_elem(&scratch, &zero, cpu);
		if (!sctx)
			return -ENOENT;
		ret = init_cpumask(&sctx->mask);
		if (ret)
			return ret;
	}
	return 0;
}

static s32 init_llcs(void)
{
	struct llc_ctx *lctx;
	s32 ret, cpu;
	u32 llc;

	bpf_for(llc, 0, nr_llcs) {
		ret = scx_bpf_create_dsq(llc, -1);
		if (ret)
			return ret;
		lctx = lookup_llc_ctx(llc);
		if (!lctx)
			return -ENOENT;
		ret = init_cpumask(&lctx->cpumask);
		if (ret)
			return ret;
	}

	bpf_for(cpu, 0, nr_cpus_possible) {
		if (cpu >= MAX_CPUS)
			break;
		lctx = lookup_llc_ctx(cpu_to_llc(cpu));
		if (!lctx)
			return -ENOENT;
		bpf_rcu_read_lock();
		if (lctx->cpumask)
			bpf_cpumask_set_cpu(cpu, lctx->cpumask);
		bpf_rcu_read_unlock();
	}
	return 0;
}

s32 BPF_STRUCT_OPS_SLEEPABLE(lockaware_init)
{
	s32 ret;

	ret = init_scratch_masks();
	if (ret)
		return ret;
	return init_llcs();
}

void BPF_STRUCT_OPS(lockaware_exit, struct scx_exit_info *ei)
{
	UEI_RECORD(uei, ei);
}

SCX_OPS_DEFINE(lockaware_ops,
	       .select_cpu	= (void *)lockaware_select_cpu,
	       .enqueue		= (void *)lockaware_enqueue,
	       .dispatch	= (void *)lockaware_dispatch,
	       .running		= (void *)lockaware_running,
	       .stopping	= (void *)lockaware_stopping,
	       .enable		= (void *)lockaware_enable,
	       .init_task	= (void *)lockaware_init_task,
	       .init		= (void *)lockaware_init,
	       .exit		= (void *)lockaware_exit,
	       .name		= "lockaware");
