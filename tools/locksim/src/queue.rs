//! The event queue: which thread's first event comes next (T§3.2.2 keeps the per-core event
//! queues in a binary heap). Every thread has at most one pending entry, so the queue is a
//! tournament tree over one slot per thread: setting or clearing a slot replays the matches
//! on its path to the root (log2 of the threads, one comparison per level, no data-dependent
//! path), and the root is the earliest entry. Ties go to the lower thread number, as the
//! heap's (time, thread) order did.

use crate::Tick;

/// An empty slot: later than every entry.
const NONE: u64 = u64::MAX;
/// Bits of a key that name the thread; the time is above them.
const THREAD_BITS: u32 = 24;
/// Entries from here on sort as this late (never handled: runs last at most 10^10 ticks).
const LATEST: Tick = (1 << (64 - THREAD_BITS)) - 2;

#[derive(Debug)]
pub struct EventQueue {
    /// Leaves at `leaves..2 * leaves` (thread i at `leaves + i`); node k holds the smaller
    /// key of nodes 2k and 2k + 1; node 0 is unused.
    tree: Vec<u64>,
    leaves: usize,
}

fn key(ts: Tick, i: usize) -> u64 {
    ts.min(LATEST) << THREAD_BITS | i as u64
}

impl EventQueue {
    pub fn new(threads: usize) -> Self {
        assert!(threads < 1 << THREAD_BITS, "{threads} threads");
        let leaves = threads.max(1).next_power_of_two();
        Self {
            tree: vec![NONE; 2 * leaves],
            leaves,
        }
    }

    /// The earliest entry: (when, thread).
    pub fn first(&self) -> Option<(Tick, usize)> {
        let k = self.tree[1];
        (k != NONE).then_some((k >> THREAD_BITS, (k & ((1 << THREAD_BITS) - 1)) as usize))
    }

    /// Thread `i`'s entry, replacing any it had.
    pub fn set(&mut self, i: usize, ts: Tick) {
        self.update(i, key(ts, i));
    }

    /// Thread `i` has no entry.
    pub fn clear(&mut self, i: usize) {
        self.update(i, NONE);
    }

    fn update(&mut self, i: usize, k: u64) {
        let mut n = self.leaves + i;
        self.tree[n] = k;
        while n > 1 {
            let m = self.tree[n].min(self.tree[n ^ 1]);
            n >>= 1;
            self.tree[n] = m;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::EventQueue;
    use crate::Rng;
    use std::collections::BTreeSet;

    #[test]
    fn the_first_entry_is_the_earliest_with_ties_to_the_lower_thread() {
        for threads in [1, 3, 16, 37] {
            let mut rng = Rng::new(threads as u64);
            let mut q = EventQueue::new(threads);
            let mut slots: Vec<Option<u64>> = vec![None; threads];
            for _ in 0..5_000 {
                let i = rng.below(threads);
                if rng.below(4) == 0 {
                    q.clear(i);
                    slots[i] = None;
                } else {
                    let ts = rng.below(50) as u64;
                    q.set(i, ts);
                    slots[i] = Some(ts);
                }
                let want: BTreeSet<(u64, usize)> = slots
                    .iter()
                    .enumerate()
                    .filter_map(|(i, s)| s.map(|ts| (ts, i)))
                    .collect();
                assert_eq!(q.first(), want.first().copied());
            }
        }
    }
}
