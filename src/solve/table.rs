//! The bounded table of open nodes: four-way buckets keyed by the full 64-bit hash, growing by
//! doubling up to its bound (small searches stay cheap); at the bound a full bucket gives up
//! its entry with the least work (small subtrees are cheapest to redo).

/// One open node's numbers.
#[derive(Clone, Copy, Debug, Default)]
pub struct Entry {
    /// The full hash (0 marks an empty slot; a real hash of 0 is stored as 1).
    key: u64,
    /// Proof number for the side to move.
    pub phi: u32,
    /// Disproof number for the side to move.
    pub delta: u32,
    /// Nodes spent below this one.
    work: u64,
}

/// A bounded table of open nodes.
pub struct Table {
    slots: Vec<Entry>,
    mask: usize,
    /// Occupied slots.
    len: usize,
    /// The most slots it may grow to.
    bound: usize,
}

const WAYS: usize = 4;

fn key_of(h: u64) -> u64 {
    if h == 0 { 1 } else { h }
}

impl Table {
    /// A table that may grow to `entries` slots (rounded up to a power of two).
    pub fn new(entries: usize) -> Table {
        let bound = entries.max(WAYS).next_power_of_two();
        Table::with_slots(bound.min(1 << 12), bound)
    }

    fn with_slots(n: usize, bound: usize) -> Table {
        Table {
            slots: vec![Entry::default(); n],
            mask: n / WAYS - 1,
            len: 0,
            bound,
        }
    }

    /// Doubles the slots and re-inserts every entry.
    fn grow(&mut self) {
        let mut bigger = Table::with_slots(self.slots.len() * 2, self.bound);
        for e in self.slots.iter().filter(|e| e.key != 0) {
            bigger.put(e.key, e.phi, e.delta, e.work);
        }
        *self = bigger;
    }

    fn bucket(&self, h: u64) -> std::ops::Range<usize> {
        let b = (h as usize) & self.mask;
        b * WAYS..b * WAYS + WAYS
    }

    /// The entry for a hash.
    pub fn get(&self, h: u64) -> Option<Entry> {
        let k = key_of(h);
        self.slots[self.bucket(h)]
            .iter()
            .find(|e| e.key == k)
            .copied()
    }

    /// Loads the bucket of a hash without waiting for it: a later `get` finds it in the cache.
    pub fn warm(&self, h: u64) {
        std::hint::black_box(self.slots[self.bucket(h).start].key);
    }

    /// Stores or updates an entry, evicting the least work in a full bucket.
    pub fn put(&mut self, h: u64, phi: u32, delta: u32, work: u64) {
        if self.len * 4 >= self.slots.len() * 3 && self.slots.len() < self.bound {
            self.grow();
        }
        let k = key_of(h);
        let range = self.bucket(h);
        let slots = &mut self.slots[range];
        let i = slots
            .iter()
            .position(|e| e.key == k)
            .or_else(|| slots.iter().position(|e| e.key == 0))
            .unwrap_or_else(|| {
                let mut least = 0;
                for (j, e) in slots.iter().enumerate() {
                    if e.work < slots[least].work {
                        least = j;
                    }
                }
                least
            });
        let old_work = if slots[i].key == k { slots[i].work } else { 0 };
        if slots[i].key == 0 {
            self.len += 1;
        }
        slots[i] = Entry {
            key: k,
            phi,
            delta,
            work: old_work + work,
        };
    }

    /// Forgets a hash (once it is solved it lives in the proof store).
    pub fn remove(&mut self, h: u64) {
        let k = key_of(h);
        let range = self.bucket(h);
        for e in &mut self.slots[range] {
            if e.key == k {
                *e = Entry::default();
                self.len -= 1;
            }
        }
    }
}
