import Foundation
import MotionCore

/// `--curves` of `accuracy` and `capture`: each (repeatable) value is a curve set's name, an existing JSON file of specs,
/// or one timing-function spec, decided in that order. A value is never split on commas (a spec contains them).
package enum CurveOption {
    /// The curves of every value in `values`, in order, as (name, curve). A set contributes its curves under their
    /// names, a file its (name, spec) pairs (`SpecListFile`), a spec itself under the spec text as written.
    /// `curve` turns a spec (from a file or the command line) into the command's curve; it throws the command's own
    /// error for a spec the command cannot take. Two equal curves are a duplicate, as a repeated name is.
    /// - Throws: `SpecOptionError` (exit 2) naming the value when it is none of the three forms, and on a duplicate;
    ///   what `curve` throws.
    package static func resolve<Curve: Hashable>(_ values: [String], command: String,
                                                 sets: [(name: String, curves: [(name: String, curve: Curve)])],
                                                 curve: (_ spec: String, _ parsed: MotionSpec) throws -> Curve)
        throws -> [(name: String, curve: Curve)] {
        var result: [(name: String, curve: Curve)] = []
        for value in values {
            if let set = sets.first(where: { $0.name == value }) {
                result += set.curves
            } else if FileManager.default.fileExists(atPath: value) {
                result += try SpecListFile.read(value, option: "--curves", command: command).map { name, spec in
                    (name, try curve(spec, try parse(spec, value: value, command: command, sets: sets)))
                }
            } else {
                result.append((value, try curve(value, try parse(value, value: value, command: command, sets: sets))))
            }
        }
        var names = Set<String>(), curves = [Curve: String]()
        for entry in result {
            var what: String?
            if !names.insert(entry.name).inserted {
                what = "'\(SafeText.quoted(entry.name))' appears twice"
            } else if let earlier = curves.updateValue(entry.name, forKey: entry.curve) {
                what = "'\(SafeText.quoted(entry.name))' is the same curve as '\(SafeText.quoted(earlier))'"
            }
            if let what { throw SpecOptionError(message: "\(command): --curves: \(what); each curve may be given once") }
        }
        return result
    }

    /// `spec` as a timing function; otherwise a message naming `value` and the three forms `--curves` accepts.
    private static func parse<Curve>(_ spec: String, value: String, command: String,
                                     sets: [(name: String, curves: [(name: String, curve: Curve)])]) throws -> MotionSpec {
        let parsed: MotionSpec
        do {
            parsed = try MotionSpec(parsing: spec)
        } catch {
            guard spec == value else {  // a spec inside a file: the file is named in the message
                throw SpecOptionError(message: "\(command): --curves \(SafeText.quoted(value)): \(error)")
            }
            let setNames = sets.map(\.name).joined(separator: ", ")
            var fileReason = "it does not exist"
            do { _ = try InputFile.read(value) } catch { fileReason = "it \(error.reason)" }
            throw SpecOptionError(message: "\(command): --curves '\(SafeText.quoted(value))' is not a curve set (\(setNames)), "
                           + "not a JSON file (\(fileReason)), and not a timing-function spec (\(error)); expected a set "
                           + "name, a FILE, or a spec such as 'cubic-bezier(0.25, 0.1, 0.25, 1)' or 'ease'")
        }
        guard case .timingFunction = parsed else {
            throw SpecOptionError(message: "\(command): --curves '\(SafeText.quoted(spec))' is a spring; --curves takes timing "
                           + "functions (a curve set, a FILE of specs, or a spec such as 'cubic-bezier(0.25, 0.1, 0.25, 1)')")
        }
        return parsed
    }
}
