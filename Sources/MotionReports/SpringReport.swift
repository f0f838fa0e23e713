import MotionCore
import MotionOutput

/// What `motionbench convert` and `settle` print about a spring, as named values for text, JSON and CSV.
package enum SpringReport {
    /// The spring `spec` describes, for `command`.
    /// - Throws: the spec's parse error, or `SpringSpecError` when the spec is a timing curve.
    package static func spring(_ spec: String, command: String) throws -> Spring {
        guard case .spring(let spring) = try MotionSpec(parsing: spec) else {
            throw SpringSpecError(message: "\(command): '\(spec)' is a timing curve; \(command) needs a spring, e.g. "
                                  + "'spring(mass: 1, stiffness: 100, damping: 10)'")
        }
        return spring
    }

    /// `convert`'s table: mass, stiffness, damping, dampingRatio, response (s), duration (s, SwiftUI's perceptual
    /// duration), bounce, initialVelocity (progress units per second) and regime, then `form:KEY` for the same motion
    /// written in each spring form of `SpringFamily.all` ('none', with a note, where a form cannot express it).
    package static func parameters(of spring: Spring) -> NamedValues {
        let numbers: [(String, Double)] = [
            ("mass", spring.mass), ("stiffness", spring.stiffness), ("damping", spring.damping),
            ("dampingRatio", spring.dampingRatio), ("response", spring.response),
            ("duration", spring.perceptualDuration), ("bounce", spring.bounce),
            ("initialVelocity", spring.initialVelocity),
        ]
        let regime = spring.regime.rawValue
        let forms = SpringFamily.all.map { ($0.key, $0.spec(of: spring)) }
        let entries = numbers.map { NamedValues.Entry(name: $0.0, value: .number($0.1), text: formatOutputNumber($0.1),
                                                      csv: CSVWriter.number($0.1)) }
            + [NamedValues.Entry(name: "regime", value: .text(regime), text: regime, csv: regime)]
            + forms.map { NamedValues.Entry(name: "form:" + $0.0, value: $0.1.map(ReportCell.text) ?? .null,
                                            text: $0.1 ?? "none", csv: $0.1 ?? "none") }
        let notes = Dictionary(forms.filter { $0.1 == nil }.map { ("form:" + $0.0, "this form cannot express the spring's motion") },
                               uniquingKeysWith: { first, _ in first })
        return NamedValues(entries, valueColumn: "value", notes: notes)
    }

    /// `settle`'s table of settling times in seconds: MotionBench's (the first time after which |progress - 1| <
    /// `epsilon` holds forever); with `all` every library's rule, and with `native` the rule of the platform whose
    /// form `spec` is written in, the frame-based ones on a move of `distance` units at `rate` Hz ('never', with a
    /// note, where a rule's condition does not hold within its frame limit). Without either, the text is the time alone.
    /// - Throws: `epsilon`'s or the spec's error, or the error of a spring that never settles (undamped).
    package static func settlingTimes(of spring: Spring, spec: String, epsilon: Double, all: Bool, native: Bool,
                                      distance: Double, rate: Double) throws -> NamedValues {
        let ours = try spring.settlingTime(epsilon: epsilon)
        var rows: [(String, Double?)] = [(SettlingDefinition.motionbench.rawValue, ours)]
        if all {
            for definition in SettlingDefinition.allCases where definition != .motionbench {
                rows.append((definition.rawValue, definition.settlingTime(of: spring, distance: distance, frameRate: rate)))
            }
        }
        var nativeRule: SettlingDefinition?
        if native {
            let rule = try Spring.family(ofSpec: spec).settlingRule
            nativeRule = rule
            rows.append(("native", rule.settlingTime(of: spring, distance: distance, frameRate: rate)))
        }
        let entries = rows.map { name, value in
            NamedValues.Entry(name: name, value: value.map(ReportCell.number) ?? .null,
                              text: value.map(formatOutputNumber) ?? "never", csv: value.map(formatOutputNumber) ?? "never")
        }
        var notes = Dictionary(rows.filter { $0.1 == nil }.map {
            ($0.0, "never: this rule's stopping condition does not hold within its frame limit")
        }, uniquingKeysWith: { first, _ in first })
        if let nativeRule { notes["native"] = "rule: \(nativeRule.rawValue)" + (notes["native"].map { "; " + $0 } ?? "") }
        return NamedValues(entries, valueColumn: "seconds", notes: notes, bareText: !(all || native))
    }
}
