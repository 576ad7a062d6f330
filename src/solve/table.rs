//! The bounded table of open nodes: four-way buckets, each one cache line (four 16-byte
//! entries, aligned), growing by doubling up to its bound (small searches stay cheap); at the
//! bound a full bucket gives up its entry with the least work (small subtrees are cheapest to
//! redo). A lookup reads one cache line: with 24-byte entries a bucket spanned two lines, and
//! the wait for the table's memory was the largest single cost of a life-and-death reading.
//!
//! Hashes are mixed first (a bijection, so that hashes that differ in their low bits alone, as a
//! small game's may, spread over the whole table). An entry keeps the mixed hash's high 48
//! bits, and the low 16 hold the work below it (saturating): two positions share an entry only
//! when their mixed hashes agree on those 48 bits. Buckets are chosen by bits from 16 up, which
//! the entries keep, so the table can grow; in a bucket of the full default table (2^20
//! entries) 30 of the kept bits tell the entries apart, so a lookup of a position not there
//! meets another's entry about once in 2^28. The table holds only open nodes' numbers, which
//! steer the search and never decide a result (solved positions go to the proof store, keyed by
//! the full hash): such a collision costs a detour, never a wrong answer.

/// One open node's numbers.
#[derive(Clone, Copy, Debug, Default)]
pub struct Entry {
    /// The mixed hash's high 48 bits (`HIGH`; all 0 marks an empty slot, a real 0 is stored
    /// as bit 16 alone), and in the low 16 the nodes spent below this one, saturating.
    tag: u64,
    /// Proof number for the side to move.
    pub phi: u32,
    /// Disproof number for the side to move.
    pub delta: u32,
}

const WAYS: usize = 4;

/// One cache line of entries.
#[derive(Clone, Copy, Debug, Default)]
#[repr(align(64))]
struct Bucket([Entry; WAYS]);

/// A bounded table of open nodes.
pub struct Table {
    buckets: Vec<Bucket>,
    mask: usize,
    /// Occupied slots.
    len: usize,
    /// The most slots it may grow to.
    bound: usize,
}

/// The bits of a hash an entry keeps.
const HIGH: u64 = !0xFFFF;

/// A position's hash mixed (splitmix64's finalizer, a bijection on 64 bits).
fn mix(h: u64) -> u64 {
    let h = (h ^ (h >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    let h = (h ^ (h >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    h ^ (h >> 31)
}

/// The part of an entry's tag that names its position, from its mixed hash.
fn check_of(m: u64) -> u64 {
    (m & HIGH).max(1 << 16)
}

impl Entry {
    fn check(&self) -> u64 {
        self.tag & HIGH
    }

    fn work(&self) -> u64 {
        self.tag & !HIGH
    }
}

impl Table {
    /// A table that may grow to `entries` slots (rounded up to a power of two).
    pub fn new(entries: usize) -> Table {
        let bound = entries.max(WAYS).next_power_of_two();
        Table::with_slots(bound.min(1 << 12), bound)
    }

    fn with_slots(n: usize, bound: usize) -> Table {
        Table {
            buckets: vec![Bucket::default(); n / WAYS],
            mask: n / WAYS - 1,
            len: 0,
            bound,
        }
    }

    fn slots(&self) -> usize {
        self.buckets.len() * WAYS
    }

    /// Doubles the slots and re-inserts every entry.
    fn grow(&mut self) {
        let mut bigger = Table::with_slots(self.slots() * 2, self.bound);
        for bucket in &self.buckets {
            for e in bucket.0.iter().filter(|e| e.tag != 0) {
                bigger.put_mixed(e.check(), e.phi, e.delta, e.work());
            }
        }
        *self = bigger;
    }

    /// The bucket of a mixed hash.
    fn bucket(&self, m: u64) -> usize {
        ((m >> 16) as usize) & self.mask
    }

    /// The entry for a hash.
    pub fn get(&self, h: u64) -> Option<Entry> {
        let m = mix(h);
        let k = check_of(m);
        self.buckets[self.bucket(m)]
            .0
            .iter()
            .find(|e| e.check() == k)
            .copied()
    }

    /// Reads a word of the bucket of a hash, so that a later `get` finds it in the cache
    /// (the caller keeps the word, so that the read is not left out).
    pub fn touch(&self, h: u64) -> u64 {
        self.buckets[self.bucket(mix(h))].0[0].tag
    }

    /// Stores or updates an entry, evicting the least work in a full bucket.
    pub fn put(&mut self, h: u64, phi: u32, delta: u32, work: u64) {
        if self.len * 4 >= self.slots() * 3 && self.slots() < self.bound {
            self.grow();
        }
        self.put_mixed(mix(h), phi, delta, work);
    }

    /// `put` for a hash already mixed.
    fn put_mixed(&mut self, m: u64, phi: u32, delta: u32, work: u64) {
        let k = check_of(m);
        let b = self.bucket(m);
        let slots = &mut self.buckets[b].0;
        let i = slots
            .iter()
            .position(|e| e.check() == k)
            .or_else(|| slots.iter().position(|e| e.tag == 0))
            .unwrap_or_else(|| {
                let mut least = 0;
                for (j, e) in slots.iter().enumerate() {
                    if e.work() < slots[least].work() {
                        least = j;
                    }
                }
                least
            });
        let old_work = if slots[i].check() == k {
            slots[i].work()
        } else {
            0
        };
        if slots[i].tag == 0 {
            self.len += 1;
        }
        slots[i] = Entry {
            tag: k | (old_work + work).min(!HIGH),
            phi,
            delta,
        };
    }

    /// Forgets a hash (once it is solved it lives in the proof store).
    pub fn remove(&mut self, h: u64) {
        let m = mix(h);
        let k = check_of(m);
        let b = self.bucket(m);
        for e in &mut self.buckets[b].0 {
            if e.check() == k {
                *e = Entry::default();
                self.len -= 1;
            }
        }
    }
}
