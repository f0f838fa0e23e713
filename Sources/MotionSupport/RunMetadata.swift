import Foundation
import MotionCore
import MotionOutput

/// Who, where and when a result was produced; every JSON report of `run` and `gate` carries it as `"metadata"`.
package struct RunMetadata: Encodable, Sendable {
    /// Always "motionbench".
    package let tool: String
    /// `ToolVersion.number`.
    package let version: String
    /// `swift --version`'s first line, or "unknown".
    package let toolchain: String
    /// The machine.
    package let machine: MachineInfo
    /// The build configuration of this binary: "debug" or "release" (`compare` refuses rows from different ones).
    package let build: String
    /// ISO 8601 time the report was written (UTC).
    package let timestamp: String
    /// The commit this binary was built from (`BuildCommit`, read at build time), else `git rev-parse HEAD` of the
    /// working directory's checkout, else null.
    package let commit: String?
    /// Where `commit` came from: "build" (embedded at build time), "checkout" (the working directory's) or nil.
    package let commitSource: String?
    /// Whether the binary was built from a checkout whose Package.swift, Sources or Plugins had changes not yet
    /// committed (`BuildCommit.hasUncommittedChanges`), so that its code is not exactly `commit`'s; nil when unknown.
    package let commitModified: Bool?
    /// The 1, 5 and 15 minute load averages (/proc/loadavg) when the report was made, or nil where there is none.
    package let loadAverage: [Double]?
    /// The command line that produced the report (`CommandLine.arguments`).
    package let commandLine: [String]
    /// The moment `timestamp` describes.
    package let date: Date

    /// Tags for dashboard exports (version, toolchain, machine, commit) and the time in nanoseconds.
    package var exportContext: ExportContext {
        ExportContext(tags: ["version": version, "toolchain": toolchain, "machine": "\(machine.cpu), \(machine.cores) cores",
                             "commit": commit ?? ""].filter { !$0.value.isEmpty },
                      timestampNanoseconds: Int64((date.timeIntervalSince1970 * 1e9).rounded()))
    }

    /// One line for a page or a log: `motionbench VERSION · TOOLCHAIN · MACHINE · TIMESTAMP · commit ABC1234 · load 0.5`.
    package var provenance: String {
        "\(tool) \(version) · \(toolchain) · \(machine.summary) · \(timestamp)"
            + (commit.map { " · commit \($0.prefix(12))" + (commitModified == true ? " with uncommitted changes" : "") } ?? "")
            + (loadAverage?.first.map { " · load \(String(format: "%.2f", $0))" } ?? "")
    }

    enum CodingKeys: String, CodingKey {
        case tool, version, toolchain, build, machine, timestamp, commit, commitSource, commitModified, loadAverage, commandLine
    }

    /// Encodes every key, `commit` as null when unknown.
    package func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(tool, forKey: .tool)
        try container.encode(version, forKey: .version)
        try container.encode(toolchain, forKey: .toolchain)
        try container.encode(build, forKey: .build)
        try container.encode(machine, forKey: .machine)
        try container.encode(timestamp, forKey: .timestamp)
        try container.encodeOrNull(commit, forKey: .commit)
        try container.encodeOrNull(commitSource, forKey: .commitSource)
        try container.encodeOrNull(commitModified, forKey: .commitModified)
        try container.encodeOrNull(loadAverage, forKey: .loadAverage)
        try container.encode(commandLine, forKey: .commandLine)
    }

    /// This process's metadata now (runs `swift --version`, and `git rev-parse HEAD` when the build embedded no
    /// commit, each with a 10 s limit).
    package static func current() -> RunMetadata {
        let now = Date()
        let (commit, source): (String?, String?) = BuildCommit.hash.map { ($0, "build") } ?? gitCommit().map { ($0, "checkout") } ?? (nil, nil)
        return RunMetadata(tool: "motionbench", version: ToolVersion.number, toolchain: Toolchain.current,
                           machine: .current, build: buildConfiguration, timestamp: ISO8601DateFormatter().string(from: now),
                           commit: commit, commitSource: source,
                           commitModified: source == "build" ? BuildCommit.hasUncommittedChanges : nil,
                           loadAverage: loadAverage(), commandLine: CommandLine.arguments,
                           date: now)
    }

    /// The 1, 5 and 15 minute load averages from /proc/loadavg's text (the first three fields), or nil.
    package static func loadAverage(_ text: String? = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) -> [Double]? {
        let fields = (text ?? "").split(separator: " ").prefix(3).compactMap { Double($0) }
        return fields.count == 3 && fields.allSatisfy({ $0.isFinite && $0 >= 0 }) ? fields : nil
    }

    /// "debug" in a debug build, "release" otherwise.
    package static var buildConfiguration: String {
        #if DEBUG
        "debug"
        #else
        "release"
        #endif
    }

    /// The checked-out commit of the working directory, or nil.
    package static func gitCommit() -> String? {
        let paths = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
        guard let git = paths.map({ "\($0)/git" }).first(where: FileManager.default.isExecutableFile),
              let output = try? ChildProcess.run(git, ["rev-parse", "HEAD"], limits: .init(timeout: 10, outputLimit: 4096)),
              output.status == 0
        else { return nil }
        let commit = output.standardOutput.trimmingCharacters(in: .whitespacesAndNewlines)
        return commit.count == 40 && commit.allSatisfy(\.isHexDigit) ? commit : nil
    }
}
