import Foundation

/// The Swift toolchain results are recorded with.
public enum Toolchain {
    /// `swift --version`'s first line (from /opt/swift or /usr/bin), or "unknown".
    public static var current: String {
        guard let swift = ["/opt/swift/usr/bin/swift", "/usr/bin/swift"].first(where: FileManager.default.isExecutableFile),
              let output = try? ChildProcess.run(swift, ["--version"]), output.status == 0
        else { return "unknown" }
        return output.standardOutput.split(separator: "\n").first.map(String.init) ?? "unknown"
    }
}
