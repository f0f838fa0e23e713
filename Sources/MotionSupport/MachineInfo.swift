import Foundation

/// The machine a measurement ran on.
public struct MachineInfo: Sendable, Encodable {
    /// CPU model from /proc/cpuinfo's "model name" (or "unknown"). A virtual machine may show only what its
    /// hypervisor reports (e.g. "AMD EPYC"); `cpuSignature` then still tells the generation.
    public let cpu: String
    /// Vendor, family, model and stepping from /proc/cpuinfo (e.g. "AuthenticAMD family 25 model 17 stepping 1", a
    /// Zen 4 EPYC), with ", virtual" when the CPU flags say a hypervisor runs it; nil when /proc/cpuinfo lacks them.
    public let cpuSignature: String?
    /// Logical cores available to the process.
    public let cores: Int
    /// Physical memory in bytes.
    public let memoryBytes: UInt64
    /// Operating system description.
    public let system: String

    /// This machine.
    public static var current: MachineInfo {
        let cpuinfo = (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8)) ?? ""
        let (model, signature) = cpuIdentity(cpuinfo)
        let info = ProcessInfo.processInfo
        return MachineInfo(cpu: model, cpuSignature: signature, cores: info.activeProcessorCount,
                           memoryBytes: info.physicalMemory, system: info.operatingSystemVersionString)
    }

    /// The first processor's "model name" (or "unknown") and its signature (see `cpuSignature`) from /proc/cpuinfo's text.
    public static func cpuIdentity(_ cpuinfo: String) -> (model: String, signature: String?) {
        let firstProcessor = cpuinfo.components(separatedBy: "\n\n").first ?? ""
        var fields: [String: String] = [:]
        for line in firstProcessor.split(separator: "\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2 else { continue }
            let key = parts[0].trimmingCharacters(in: .whitespaces)
            if fields[key] == nil { fields[key] = parts[1].trimmingCharacters(in: .whitespaces) }
        }
        let model = fields["model name"].flatMap { $0.isEmpty ? nil : $0 } ?? "unknown"
        guard let vendor = fields["vendor_id"], let family = fields["cpu family"], let number = fields["model"] else {
            return (model, nil)
        }
        let virtual = (fields["flags"] ?? "").split(separator: " ").contains("hypervisor")
        let stepping = fields["stepping"].map { " stepping \($0)" } ?? ""
        return (model, "\(vendor) family \(family) model \(number)\(stepping)" + (virtual ? ", virtual" : ""))
    }

    /// `CPU (signature), N cores, M GiB`.
    public var summary: String {
        cpu + (cpuSignature.map { " (\($0))" } ?? "")
            + ", \(cores) cores, \(String(format: "%.0f", Double(memoryBytes) / 1_073_741_824)) GiB"
    }
}
