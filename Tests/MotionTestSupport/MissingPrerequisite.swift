import XCTest

/// The suite's one rule for a test whose prerequisite is missing (a tool, a package, a permission, a checkout): skip
/// it locally, saying why and what to install, and fail it in CI (`CI=true`), where `.ci/run` installs everything and
/// a skip would hide a test that never ran.
public enum MissingPrerequisite {
    /// Whether the suite runs in CI (`CI=true` in `environment`).
    public static func inCI(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        environment["CI"]?.lowercased() == "true"
    }

    /// The error to throw for a missing prerequisite: a skip with the reason locally, with the reason added as one line to
    /// the file `MOTIONBENCH_SKIP_LOG` names (when set: `.ci/run` counts skipped tests from it, since a parallel run's
    /// results do not say which tests skipped); in CI a recorded failure ("CI=true: reason") and an error that ends
    /// the test.
    public static func error(_ reason: String, environment: [String: String] = ProcessInfo.processInfo.environment,
                             file: StaticString = #filePath, line: UInt = #line) -> Error {
        guard inCI(environment) else {
            if let log = environment["MOTIONBENCH_SKIP_LOG"] { record(reason, in: log) }
            return XCTSkip(reason)
        }
        XCTFail("CI=true: " + reason, file: file, line: line)
        return Unavailable(reason: reason)
    }

    /// A prerequisite missing in CI.
    public struct Unavailable: Error, CustomStringConvertible {
        /// What was missing and how to install it.
        public let reason: String
        /// The reason.
        public var description: String { reason }
    }

    /// Appends `reason` as one line to the file at `path` (created if needed; one `write` with O_APPEND, so the lines
    /// of tests running in parallel processes do not interleave).
    static func record(_ reason: String, in path: String) {
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT, 0o644)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        let line = Array((reason.replacingOccurrences(of: "\n", with: " ") + "\n").utf8)
        _ = line.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    }
}
