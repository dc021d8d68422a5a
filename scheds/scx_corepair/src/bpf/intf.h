/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The one header shared by the BPF side of scx_corepair and its Rust agent
 * (bindgen turns it into bpf_intf.rs). Plain C types only: no vmlinux.h.
 */
#ifndef __COREPAIR_INTF_H
#define __COREPAIR_INTF_H

/* Rates are fixed point (pairing.rs): RATE_ONE = one access per instruction. */
#define RATE_SHIFT	32
#define RATE_MAX	(1ULL << 42)	/* pairing::RATE_MAX */
#define AVG_WINDOW	1024		/* pairing::AVG_WINDOW */
#define RATE_MIN_INSTRUCTIONS	(1ULL << 20)	/* pairing::RATE_MIN_INSTRUCTIONS */

enum corepair_consts {
	MAX_CPUS	= 1024,	/* highest CPU id + 1 the scheduler handles */
	MAX_PAIRS	= MAX_CPUS / 2,
	CPU_DSQ_BASE	= 0,	/* CPU c's run queue is CPU_DSQ_BASE + c */
	MAX_MAXCNT	= 32,	/* upper bound of --maxcnt */
	SCAN_MAX	= 16,	/* tasks of a queue a balance step looks at */
	TASK_COMM_LEN_	= 16,

	/* cpu_role[] */
	ROLE_PLAIN	= 0,	/* no partner: schedules as a plain CPU */
	ROLE_MASTER	= 1,	/* runs the high-demand tasks of its pair */
	ROLE_SLAVE	= 2,	/* runs the low-demand tasks, picked to match */
	NR_ROLES	= 3,

	/* --check-rules: sizes of the case buffers */
	RC_RATES	= 16,
	RC_OTHER	= 8,
};

/* A task's demand, for the "top tasks" statistic and the tests. */
struct task_info {
	char comm[TASK_COMM_LEN_];
	unsigned long long rate;		/* cumulative rate, RATE_SHIFT fixed point */
	unsigned long long accesses;		/* Σ first event */
	unsigned long long instructions;	/* Σ second event */
	unsigned long long ns[NR_ROLES];	/* run time on plain, master, slave CPUs */
	unsigned long long updated_ns;		/* when this entry was last written */
};

/* A pair as its last balance step saw it. */
struct pair_state {
	unsigned long long m;		/* sum of the two queues' average rates */
	unsigned int len_master;	/* tasks queued on the master */
	unsigned int len_slave;		/* ... on the slave */
};

/*
 * Per-CPU event counters (struct cpu_stats in sched_common.bpf.h). The agent
 * sums them over CPUs; stats.rs describes each one.
 */
enum corepair_stat {
	STAT_DIRECT_IDLE,	/* woken task put straight on an idle CPU */
	STAT_KTHREAD_LOCAL,	/* per-CPU kthread queued on its own CPU */
	STAT_ENQ,		/* task queued on its CPU's run queue */
	STAT_DISPATCH_OWN,	/* CPU took the head of its own queue */
	STAT_DISPATCH_PARTNER,	/* CPU with an empty queue took its partner's head */
	STAT_DISPATCH_STEAL,	/* ... took another CPU's head */
	STAT_KEEP_PREV,		/* nothing queued: current task kept running */

	/* Figure 4.4 and the starvation guard, on slaves. */
	STAT_SLAVE_PICKS,	/* slave picks against the master's current task */
	STAT_SLAVE_MATCHED,	/* ... that found a complementary task */
	STAT_SLAVE_REORDER,	/* ... that chose a task other than the head */
	STAT_STARVATION,	/* head run first: it waited past --starvation-ms */

	/* Balance steps (figures 4.5 and 4.6) and queue-length balance. */
	STAT_BALANCE_STEPS,
	STAT_XCHG_PAIR,		/* master/slave exchanges within a pair */
	STAT_XCHG_MASTERS,	/* exchanges between neighbouring masters */
	STAT_XCHG_SLAVES,	/* ... between neighbouring slaves */
	STAT_LEN_MOVES,		/* tasks moved from the longest to the shortest queue */
	STAT_MOVE_RACED,	/* chosen task had left its queue before the move */

	/* Counters. */
	STAT_PMU_READS,		/* counter pairs read at a context switch */
	STAT_PMU_MULTIPLEXED,	/* ... of which some counter was not always counting */
	STAT_PMU_ERRORS,	/* ... that failed */

	/* Where the demand ran, in ns: above or below its pair's m/2. */
	STAT_HIGH_NS_MASTER,
	STAT_HIGH_NS_SLAVE,
	STAT_LOW_NS_MASTER,
	STAT_LOW_NS_SLAVE,
	NR_SCHED_STATS,
};

#endif /* __COREPAIR_INTF_H */
