import MotionCore
import MotionSupport

/// One output another implementation computed: what `motionbench accuracy --measured FILE` reads, one per CSV row.
public struct MeasuredSample: Sendable {
    /// Who computed it, e.g. `chromium 156.0.8078.79` or `my-engine 2.1`.
    public let implementation: String
    /// The animation's duration in seconds when the sample was taken (the optional `duration` column), if given.
    public let duration: Double?
    /// The spec as written in the file.
    public let specText: String
    /// The parsed spec: a timing function (input is progress in [0, 1]) or a spring (input is time in seconds).
    public let spec: MotionSpec
    /// Progress in [0, 1] for a timing function, seconds (≥ 0) for a spring.
    public let input: Double
    /// The implementation's output (progress).
    public let output: Double
    /// The implementation's derivative of the output with respect to the input (the optional `velocity` column):
    /// progress per unit of progress for a timing function, progress per second for a spring.
    public let velocity: Double?
    /// The input the implementation's easing actually received, when the file says (the optional `effective_input`
    /// column: a capture measures it with a `linear` twin animation at the same time); nil when it is `input`.
    public var effectiveInput: Double? = nil
    /// The search round that asked for this input (the optional `round` column): 0 for the even grid, 1… for the
    /// worst-case search's refinements; nil for a file without rounds (every sample then counts as the grid).
    public var round: Int? = nil
    /// The file and line the sample came from, for messages.
    public let source: String
}

/// Reads samples files: CSV with a header naming the columns `implementation,spec,input,output` in any order, and
/// optionally `velocity`, `duration`, `effective_input` and `round`. Any number of implementations and specs may share one file.
public enum MeasuredSamplesReader {
    /// The columns every samples file has.
    public static let requiredColumns = ["implementation", "spec", "input", "output"]
    /// The columns a samples file may add.
    public static let optionalColumns = ["velocity", "duration", "effective_input", "round"]
    /// The largest magnitude an output or velocity may have, so that its difference from the exact answer, and that
    /// difference in ulps, stay finite (progress never comes near it).
    public static let magnitudeLimit = 1e200

    /// Every sample in `text`, read from the file named `file` (used in messages).
    /// - Throws: `MeasuredSamplesError` naming the file, the line and the column of the first problem: a column
    ///   missing from the header or unknown, a row with the wrong number of fields, a spec that does not parse, a
    ///   number that is not finite or out of range, or no samples at all.
    public static func read(_ text: String, file: String) throws(MeasuredSamplesError) -> [MeasuredSample] {
        let records: [CSVReader.Record]
        do {
            records = try CSVReader.records(text)
        } catch {
            throw MeasuredSamplesError(file: file, line: error.line, column: nil, message: error.problem)
        }
        guard let header = records.first else {
            throw MeasuredSamplesError(file: file, line: nil, column: nil, message: "is empty; expected a header line "
                                       + "'\(requiredColumns.joined(separator: ","))' and one row per sample")
        }
        let columns = try columnIndex(header, file: file)
        var specs: [String: MotionSpec] = [:]
        var samples: [MeasuredSample] = []
        samples.reserveCapacity(records.count - 1)
        for record in records.dropFirst() {
            let row = Row(record: record, columns: columns, file: file)
            try row.checkWidth(header.fields.count)
            let implementation = row["implementation"].trimmingSpaces
            guard !implementation.isEmpty else { throw row.error("implementation", "is empty; name the implementation") }
            guard !implementation.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
                throw row.error("implementation", "'\(SafeText.quoted(implementation))' holds a control character; "
                                + "a name is printed in every report")
            }
            let specText = row["spec"].trimmingSpaces
            let spec: MotionSpec
            if let known = specs[specText] {
                spec = known
            } else {
                do { spec = try MotionSpec(parsing: specText) } catch {
                    throw row.error("spec", "'\(SafeText.quoted(specText))' is not a timing function or spring MotionBench "
                                    + "parses: \(error)")
                }
                specs[specText] = spec
            }
            let input = try row.number("input")
            switch spec {
            case .timingFunction:
                guard (0...1).contains(input) else {
                    throw row.error("input", "\(row["input"]) is outside [0, 1]; a timing function's input is progress")
                }
            case .spring:
                guard input >= 0 else { throw row.error("input", "\(row["input"]) is negative; a spring's input is seconds ≥ 0") }
            }
            let duration = try row.optionalNumber("duration")
            if let duration, !(duration > 0) {
                throw row.error("duration", "\(row["duration"]) must be a number of seconds > 0")
            }
            let output = try row.number("output"), velocity = try row.optionalNumber("velocity")
            for (column, value) in [("output", output), ("velocity", velocity ?? 0)] where abs(value) > magnitudeLimit {
                throw row.error(column, "\(row[column]) is beyond ±1e200, the largest magnitude compared")
            }
            let effectiveInput = try row.optionalNumber("effective_input")
            if let effectiveInput, !(0...1).contains(effectiveInput) || spec.isSpring {
                throw row.error("effective_input", "\(row["effective_input"]) must be a progress in [0, 1] (a timing "
                                + "function's input as the implementation received it)")
            }
            let roundText = row["round"].trimmingSpaces
            guard roundText.isEmpty || Int(roundText).map({ $0 >= 0 && $0 <= 1_000 }) == true else {
                throw row.error("round", "'\(SafeText.quoted(roundText))' is not a search round (a whole number, 0 for "
                                + "the grid)")
            }
            samples.append(MeasuredSample(implementation: implementation, duration: duration, specText: specText, spec: spec,
                                          input: input, output: output, velocity: velocity, effectiveInput: effectiveInput,
                                          round: Int(roundText), source: "\(file):\(record.line)"))
        }
        guard !samples.isEmpty else {
            throw MeasuredSamplesError(file: file, line: header.line, column: nil, message: "has a header but no samples")
        }
        return samples
    }

    /// The position of each known column in the header, after checking that the required ones are there once each.
    static func columnIndex(_ header: CSVReader.Record, file: String) throws(MeasuredSamplesError) -> [String: Int] {
        var index: [String: Int] = [:]
        for (position, raw) in header.fields.enumerated() {
            let name = raw.trimmingSpaces.lowercased()
            guard requiredColumns.contains(name) || optionalColumns.contains(name) else {
                throw MeasuredSamplesError(
                    file: file, line: header.line, column: raw,
                    message: "is not a column of a samples file; expected \(requiredColumns.joined(separator: ",")) and "
                        + "optionally \(optionalColumns.joined(separator: ", ")) (is the first line the header?)")
            }
            guard index.updateValue(position, forKey: name) == nil else {
                throw MeasuredSamplesError(file: file, line: header.line, column: raw, message: "appears twice in the header")
            }
        }
        for name in requiredColumns where index[name] == nil {
            throw MeasuredSamplesError(file: file, line: header.line, column: name,
                                       message: "is missing from the header; a samples file has the columns "
                                           + "\(requiredColumns.joined(separator: ",")) (velocity and duration optional)")
        }
        return index
    }

    /// One record read by column name.
    struct Row {
        let record: CSVReader.Record
        let columns: [String: Int]
        let file: String

        /// The field in `column`, or "" when the file has no such column.
        subscript(_ column: String) -> String {
            guard let position = columns[column], position < record.fields.count else { return "" }
            return record.fields[position]
        }

        func error(_ column: String, _ message: String) -> MeasuredSamplesError {
            MeasuredSamplesError(file: file, line: record.line, column: column, message: message)
        }

        func checkWidth(_ expected: Int) throws(MeasuredSamplesError) {
            guard record.fields.count == expected else {
                let hint = record.fields.count > expected
                    ? "a spec with commas, such as cubic-bezier(…), must be in double quotes"
                    : "a field is missing; an empty field still needs its comma"
                throw MeasuredSamplesError(file: file, line: record.line, column: nil,
                                           message: "has \(record.fields.count) fields but the header has \(expected) (\(hint))")
            }
        }

        /// A finite number in `column`.
        func number(_ column: String) throws(MeasuredSamplesError) -> Double {
            let text = self[column].trimmingSpaces
            guard let value = Double(text), !text.hasPrefix("0x"), !text.hasPrefix("-0x") else {
                throw error(column, "'\(SafeText.quoted(text))' is not a number")
            }
            guard value.isFinite else { throw error(column, "\(text) is not a finite number") }
            return value
        }

        /// A finite number in `column`, or nil when the file has no such column or the field is empty.
        func optionalNumber(_ column: String) throws(MeasuredSamplesError) -> Double? {
            self[column].trimmingSpaces.isEmpty ? nil : try number(column)
        }
    }
}

extension String {
    /// The text without leading and trailing spaces and tabs.
    var trimmingSpaces: String {
        var slice = Substring(self)
        while let first = slice.first, first == " " || first == "\t" { slice.removeFirst() }
        while let last = slice.last, last == " " || last == "\t" { slice.removeLast() }
        return String(slice)
    }
}

/// A samples file that cannot be used: which file, line and column, and what was expected.
public struct MeasuredSamplesError: MotionBenchError, CustomStringConvertible {
    /// The file's path as given.
    public let file: String
    /// The 1-based line, when the problem is on one.
    public let line: Int?
    /// The column's name, when the problem is in one.
    public let column: String?
    /// What is wrong and what was expected.
    public let message: String
    /// `FILE line L, column 'C': MESSAGE`.
    public var description: String {
        var place = SafeText.quoted(file)
        if let line { place += " line \(line)" }
        if let column { place += ", column '\(SafeText.quoted(column))'" }
        return "\(place): \(message)"
    }
}
