// AllocationCheck.swift — `animexport-bench --check-allocations`, run by `make test`: the
// renderer's promise (Renderer.swift) that a display list reset, rebuilt and rendered frame after
// frame allocates nothing in steady state, checked on the release build that ships (a debug
// build allocates where the optimiser would not, so the unit tests cannot hold this promise).
//
// Every display-list, renderer-effects and filter row of the bench (DisplayListBench.swift,
// RendererEffectsBench.swift, FilterBench.swift; ListCasePlayer draws them) is drawn at
// 1920×1080 for `cycle` warm-up frames — the cases move with frame % 60 (and % 20), so one cycle
// lets every scratch array reach the largest size it will need — and then for `checked` more
// frames with the heap allocations counted (CAllocCounter).
// Any allocation fails the check (exit 1) naming the case and the count; `--trace-allocs` prints
// the stacks of one more frame's allocations. No time is measured.
import Foundation
import CAllocCounter

private let cycle = 60
private let checked = 30

/// Runs the check (file header); returns the process's exit status.
func checkSteadyStateAllocations() -> Int32 {
    guard alloc_counter_active() != 0 else {
        print("allocation check: the allocation counter is not active (malloc not interposed)")
        return 1
    }
    let cases = displayListCases.map { ("list " + $0.label, $0) } + effectCases.map { ("effects " + $0.label, $0) }
        + filterCases.map { ("filters " + $0.label, $0) }
    var failed = 0
    for (name, c) in cases {
        let allocations = steadyStateAllocations(c, name: name)
        print(pad(name, 52) + (allocations == 0 ? "0 allocations in \(checked) frames"
                                                : "FAILED: \(allocations) allocations in \(checked) frames"))
        if allocations != 0 { failed += 1 }
    }
    print(failed == 0 ? "allocation check: \(cases.count) cases, none allocates in steady state"
                      : "allocation check: \(failed) of \(cases.count) cases allocate in steady state")
    return failed == 0 ? 0 : 1
}

/// Heap allocations over `checked` frames of `c` after `cycle` warm-up frames.
private func steadyStateAllocations(_ c: DisplayListCase, name: String) -> UInt64 {
    var player = ListCasePlayer(c)
    func draw() { player.draw() }
    for _ in 0..<cycle { draw() }
    let before = alloc_counter_count()
    for _ in 0..<checked { draw() }
    let count = alloc_counter_count() - before
    if count != 0 && options.traceAllocations {
        fputs("=== allocations of one frame: \(name)\n", stderr)
        alloc_counter_trace(1)
        draw()
        alloc_counter_trace(0)
    }
    return count
}
