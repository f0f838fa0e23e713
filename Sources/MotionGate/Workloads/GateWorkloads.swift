import Foundation
import MotionCore
import MotionSupport

/// The registry of gate workloads: a new workload is one file in `Workloads/` plus one line here. The order is the
/// gate's order (reports, baselines, help).
package enum GateWorkloads {
    /// Every workload, in the gate's order.
    package static let all: [GateWorkload] = [
        .bezierPresets,
        .bezierHard,
        .bezierRows,
        .scalarEasings,
        .springClosedForm,
        .springPropagator1M,
        .frameMixed10k,
        .frameMixed100k,
        .frameCardFlip100k,
    ]

    /// Every workload's name, in the gate's order.
    package static var names: [String] { all.map(\.name) }

    /// The workload named `name`, if any.
    package static func named(_ name: String) -> GateWorkload? { all.first { $0.name == name } }

    /// `name: summary` per workload, one per line, for help texts.
    package static var helpList: String { all.map { "  \($0.name): \($0.summary)" }.joined(separator: "\n") }

    /// Parses a comma-separated list of names (nil: every workload; an empty name is an error).
    /// - Throws: a message naming an unknown workload and listing the known ones.
    package static func parseList(_ text: String?) throws -> [GateWorkload] {
        guard let text else { return all }
        var list: [GateWorkload] = []
        for name in text.split(separator: ",", omittingEmptySubsequences: false) {
            let trimmed = name.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty else {
                throw GateInputError(message: "--workloads '\(SafeText.quoted(text))' has an empty name; give one or more of "
                                     + names.joined(separator: ", ") + " separated by commas")
            }
            guard let workload = named(trimmed) else {
                throw GateInputError(message: "--workloads: unknown workload '\(SafeText.quoted(trimmed))'; known: "
                                     + names.joined(separator: ", "))
            }
            if !list.contains(workload) { list.append(workload) }
        }
        return list
    }
}
