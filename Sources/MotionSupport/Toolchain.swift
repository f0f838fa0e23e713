import Foundation

/// The Swift toolchain results are recorded with.
package enum Toolchain {
    /// The first line of the Swift compiler's `--version` (from /opt/swift or /usr/bin), or "unknown"; read once per
    /// process. `swift-frontend --version` prints the same line as `swift --version` without the driver's
    /// `TemporaryDirectory.*` left in TMPDIR; where only the driver exists, it runs with TMPDIR pointed at a directory
    /// of its own, removed afterwards.
    package static var current: String { version }

    private static let version: String = {
        let candidates = ["/opt/swift/usr/bin", "/usr/bin"]
        if let frontend = candidates.map({ $0 + "/swift-frontend" }).first(where: FileManager.default.isExecutableFile),
           let line = firstLine(frontend, environment: [:]) {
            return line
        }
        guard let swift = candidates.map({ $0 + "/swift" }).first(where: FileManager.default.isExecutableFile) else {
            return "unknown"
        }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("motionbench-swift-\(UUID().uuidString)")
        guard (try? FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)) != nil else {
            return "unknown"
        }
        defer { try? FileManager.default.removeItem(at: scratch) }
        return firstLine(swift, environment: ["TMPDIR": scratch.path]) ?? "unknown"
    }()

    /// The first line `executable --version` prints, or nil.
    private static func firstLine(_ executable: String, environment: [String: String]) -> String? {
        guard let output = try? ChildProcess.run(executable, ["--version"], environment: environment), output.status == 0 else {
            return nil
        }
        return output.standardOutput.split(separator: "\n").first.map(String.init)
    }
}
