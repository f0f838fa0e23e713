import Foundation
import MotionCore

/// A JSON file of named specs (`accuracy --curves FILE`, `--springs FILE`, `capture --curves FILE`): a non-empty array
/// whose items are spec strings (each named by its own text) or `{"name", "spec"}` objects (the name optional), every
/// name once. The specs are returned as text; the caller parses them as the kind it takes.
package enum SpecListFile {
    /// The (name, spec) pairs of the file at `path`, in the file's order.
    /// - Throws: `SpecListFileError` when the file cannot be read (`InputFile`'s limits), is not strict JSON, is not a
    ///   non-empty array, has an item of another shape, or repeats a name.
    package static func read(_ path: String) throws(SpecListFileError) -> [(name: String, spec: String)] {
        let data: Data
        do {
            data = try InputFile.read(path)
        } catch {
            throw SpecListFileError(path: path, problem: .unreadable(reason: error.reason))
        }
        let parsed: Any
        do {
            parsed = try StrictJSON.parse(data)
        } catch {
            throw SpecListFileError(path: path, problem: .notJSON(detail: "\(error)"))
        }
        guard let list = parsed as? [Any], !list.isEmpty else {
            throw SpecListFileError(path: path, problem: .notNonEmptyArray)
        }
        var pairs: [(name: String, spec: String)] = []
        for (index, item) in list.enumerated() {
            if let spec = item as? String {
                pairs.append((spec, spec))
                continue
            }
            guard let object = item as? [String: Any], let spec = object["spec"] as? String else {
                throw SpecListFileError(path: path, problem: .badItem(index: index))
            }
            pairs.append(((object["name"] as? String) ?? spec, spec))
        }
        var seen = Set<String>()
        for (name, _) in pairs where !seen.insert(name).inserted {
            throw SpecListFileError(path: path, problem: .repeatedName(name))
        }
        return pairs
    }

    /// The (name, spec) pairs of the spec list file at `path` given to `option` of `command` (`read(_:)`); a file that
    /// cannot be read is named as a value that is neither a set name nor a readable file.
    /// - Throws: `SpecOptionError` starting `command: option`, with `SpecListFileError`'s description.
    package static func read(_ path: String, option: String, command: String) throws(SpecOptionError)
        -> [(name: String, spec: String)] {
        do {
            return try read(path)
        } catch {
            guard case .unreadable(let reason) = error.problem else {
                throw SpecOptionError(message: "\(command): \(option) \(error)")
            }
            throw SpecOptionError(message: "\(command): \(option) '\(SafeText.quoted(path))' is not presets/hard/all/default, "
                                  + "and as a file it \(reason)")
        }
    }
}
