// HugePages.swift — why an export turns transparent huge pages off for its process.
//
// libx264 asks the kernel for 2 MB pages (madvise MADV_HUGEPAGE) on every allocation of 2 MB
// or more: frame planes, lookahead buffers. With Debian's default THP mode ("madvise", defrag
// "madvise") each such page is faulted in whole, compacting memory first when none is free, so
// the untouched tails of x264's padded planes count as resident and page faults stall. Measured
// on this machine kind (2 cores, heart 1920×1080, 60 fps, 600 frames, same output bytes):
//     ultrafast: peak RSS 162.7 MB → 148.5 MB, wall 2.17 s → 2.14 s
//     medium:    peak RSS 501.5 MB → 482.0 MB, wall 4.66 s → 4.31 s
// so the CLI turns THP off for itself (prctl PR_SET_THP_DISABLE, inherited by children). It is
// a process-wide switch, so the library never flips it on its own: the executable decides.
import CFFmpeg

public enum HugePages {
    /// Turns transparent huge pages off for this process (Linux; elsewhere nothing happens).
    /// Returns whether the kernel accepted it.
    @discardableResult
    public static func disableForProcess() -> Bool {
        cff_disable_transparent_huge_pages() == 0
    }
}
