import XCTest

/// The suite's one rule for a test whose prerequisite is missing (a tool, a package, a permission, a checkout): skip
/// it locally, saying why and what to install, and fail it in CI (`CI=true`), where `.ci/run` installs everything and
/// a skip would hide a test that never ran.
public enum MissingPrerequisite {
    /// Whether the suite runs in CI (`CI=true` in `environment`).
    public static func inCI(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
        environment["CI"]?.lowercased() == "true"
    }

    /// The error to throw for a missing prerequisite: `XCTSkip(reason)` locally; in CI a recorded failure ("CI=true:
    /// reason") and an error that ends the test.
    public static func error(_ reason: String, environment: [String: String] = ProcessInfo.processInfo.environment,
                             file: StaticString = #filePath, line: UInt = #line) -> Error {
        guard inCI(environment) else { return XCTSkip(reason) }
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
}
