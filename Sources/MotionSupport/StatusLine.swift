import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Progress on standard error. On a terminal: one line, rewritten in place once the command has run for more than a
/// second, and erased before the result is printed. Otherwise (a CI log): plain lines, at most one every
/// `plainInterval` seconds (`MOTIONBENCH_PROGRESS_INTERVAL` overrides the default of 5), so that a long gate or run
/// shows it is alive.
package final class StatusLine {
    private let terminal = isatty(2) == 1
    private let started = Date()
    private var shown = false
    private var lastPlain: Date?
    private let plainInterval = ProcessInfo.processInfo.environment["MOTIONBENCH_PROGRESS_INTERVAL"].flatMap(Double.init) ?? 5

    /// A status line that has shown nothing yet.
    package init() {}

    /// Shows `status`.
    package func show(_ status: String) {
        var standardError = StandardError()
        guard terminal else {
            let now = Date()
            guard now.timeIntervalSince(lastPlain ?? started) >= plainInterval else { return }
            lastPlain = now
            print("motionbench: \(Int(now.timeIntervalSince(started))) s: \(status)", to: &standardError)
            return
        }
        guard Date().timeIntervalSince(started) > 1 else { return }
        print("\r\u{1B}[2K\(status)", terminator: "", to: &standardError)
        shown = true
    }

    /// Erases the line if anything was shown.
    package func clear() {
        guard shown else { return }
        var standardError = StandardError()
        print("\r\u{1B}[2K", terminator: "", to: &standardError)
        shown = false
    }
}


/// Standard error as a `TextOutputStream` (unbuffered `write(2)`).
package struct StandardError: TextOutputStream {
    /// A stream on file descriptor 2.
    package init() {}

    /// Writes `string`'s UTF-8 bytes to standard error.
    package mutating func write(_ string: String) {
        var bytes = Array(string.utf8)
        _ = bytes.withUnsafeMutableBytes { Glibc.write(2, $0.baseAddress, $0.count) }
    }
}
