//! A worked-out report, its one-line message and its advice allocate as
//! often for a near miss of 2,000 bytes as for the same near miss of 20:
//! what depends on the expected set is made once and shared, not rebuilt
//! per error or per attempt, and a buffer is sized before it is written.
//! (A fix makes an edit per place it repairs: more places to repair, more
//! edits.) Its own test binary, since it counts allocations through the
//! global allocator (on each thread apart, so that the harness's threads
//! do not enter the counts).

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use rfc1738::{Spec, Url};

/// The system allocator, counting the allocations (and reallocations) of
/// each thread.
struct CountingAllocator;

thread_local! {
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

fn count_one() {
    // `try_with`: a thread's last allocations may come after its
    // thread-locals are gone.
    let _ = ALLOCATIONS.try_with(|count| count.set(count.get() + 1));
}

// SAFETY: every call is passed on to `System` unchanged; counting touches a
// thread-local `Cell` and allocates nothing.
unsafe impl GlobalAlloc for CountingAllocator {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count_one();
        // SAFETY: the caller's contract, passed on.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: the caller's contract, passed on.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count_one();
        // SAFETY: the caller's contract, passed on.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: CountingAllocator = CountingAllocator;

/// The allocations `work` makes on this thread.
fn allocations<T>(work: impl FnOnce() -> T) -> usize {
    let before = ALLOCATIONS.with(Cell::get);
    std::hint::black_box(work());
    ALLOCATIONS.with(Cell::get) - before
}

/// What each part of an error's report costs, in allocations.
#[derive(Debug, PartialEq, Eq)]
struct Costs {
    /// The report worked out: offset, rule, expected set.
    report: usize,
    /// The one-line message (`to_string`).
    message: usize,
    /// The advice: help, fix and the other specifications that take it.
    advice: usize,
}

fn costs(url: &str, spec: Spec) -> Costs {
    let error = Url::parse_with(url, spec).expect_err(url);
    let report = allocations(|| (error.offset(), error.rule(), error.expected().len()));
    let message = allocations(|| error.to_string());
    let advice = allocations(|| (error.help(), error.fix(), error.valid_under()));
    Costs {
        report,
        message,
        advice,
    }
}

/// Near misses that grow with `n`: long paths, host names, logins and
/// LDAP attribute lists before the byte that fails, and errors that the
/// parse reaches only after coming back from longer alternatives.
fn near_misses(n: usize) -> Vec<(String, &'static [Spec])> {
    let all: &'static [Spec] = &[Spec::Rfc1738, Spec::Rfc2396, Spec::Rfc3986];
    let path = "a/".repeat(n);
    let host = "h.".repeat(n);
    vec![
        (format!("http://h/{path}%zz"), all),
        (format!("ftp://u:p@{host}x:12a/"), all),
        (format!("http://{host}x/{path}a b"), all),
        (format!("gopher://h/{path}\u{e9}"), all),
        (format!("ftp://{}:p@h:/", "u".repeat(n)), &[Spec::Rfc1738]),
        (format!("telnet://{host}x/x"), all),
        (format!("news:{}@", "g.".repeat(n)), all),
        (
            format!("ldap://h/o=x?{}?sub?(cn=(", "a,".repeat(n)),
            &[Spec::Rfc2396],
        ),
        (format!("http://{}/", "1.".repeat(n)), &[Spec::Rfc1738]),
    ]
}

#[test]
fn a_report_allocates_as_often_for_a_long_url_as_for_a_short_one() {
    // The first error of each kind makes what later ones share; the
    // second finds the vectors a report keeps its record in ready, which a
    // record seen first leaves with the memo.
    for _ in 0..2 {
        for (url, specs) in near_misses(10) {
            for &spec in specs {
                costs(&url, spec);
            }
        }
    }
    let short = near_misses(10);
    let long = near_misses(1000);
    for ((short_url, specs), (long_url, _)) in short.iter().zip(&long) {
        for &spec in *specs {
            let short_costs = costs(short_url, spec);
            let long_costs = costs(long_url, spec);
            assert_eq!(
                short_costs,
                long_costs,
                "{spec:?}: {short_url} ({} bytes) against {} bytes",
                short_url.len(),
                long_url.len()
            );
            // A handful: a report is a few vectors and strings, not one
            // allocation per recorded attempt; and once the thread's
            // vectors are ready, the record's lists are not allocated.
            assert!(
                short_costs.report <= 2 && short_costs.message <= 4,
                "{spec:?}: {short_url}: {short_costs:?}"
            );
        }
    }
}

#[test]
fn the_counting_allocator_counts() {
    assert_eq!(allocations(|| vec![1_u8; 10]), 1);
    assert_eq!(allocations(|| 1 + 1), 0);
}
