import Foundation

/// The machine a measurement ran on.
public struct MachineInfo: Sendable, Encodable {
    /// CPU model from /proc/cpuinfo (or "unknown").
    public let cpu: String
    /// Logical cores available to the process.
    public let cores: Int
    /// Physical memory in bytes.
    public let memoryBytes: UInt64
    /// Operating system description.
    public let system: String

    /// This machine.
    public static var current: MachineInfo {
        let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let model = cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }
            .map { $0.split(separator: ":", maxSplits: 1).last.map { $0.trimmingCharacters(in: .whitespaces) } ?? "" }
        let info = ProcessInfo.processInfo
        return MachineInfo(cpu: model.flatMap { $0.isEmpty ? nil : $0 } ?? "unknown", cores: info.activeProcessorCount,
                           memoryBytes: info.physicalMemory, system: info.operatingSystemVersionString)
    }

    /// `CPU, N cores, M GiB`.
    public var summary: String {
        "\(cpu), \(cores) cores, \(String(format: "%.0f", Double(memoryBytes) / 1_073_741_824)) GiB"
    }
}
