import MotionCore
import MotionSupport

/// One output another implementation computed: what `motionbench accuracy --measured FILE` reads, one per CSV row.
package struct MeasuredSample: Sendable {
    /// Who computed it, e.g. `chromium 156.0.8078.79` or `my-engine 2.1`.
    package let implementation: String
    /// The animation's duration in seconds when the sample was taken (the optional `duration` column), if given.
    package let duration: Double?
    /// The spec as written in the file.
    package let specText: String
    /// The parsed spec: a timing function (input is progress in [0, 1]) or a spring (input is time in seconds).
    package let spec: MotionSpec
    /// Progress in [0, 1] for a timing function, seconds (≥ 0) for a spring.
    package let input: Double
    /// The implementation's output (progress).
    package let output: Double
    /// The implementation's derivative of the output with respect to the input (the optional `velocity` column):
    /// progress per unit of progress for a timing function, progress per second for a spring.
    package let velocity: Double?
    /// The input the implementation's easing actually received, when the file says (the optional `effective_input`
    /// column: a capture measures it with a `linear` twin animation at the same time); nil when it is `input`.
    package var effectiveInput: Double? = nil
    /// The search round that asked for this input (the optional `round` column): 0 for the even grid, 1… for the
    /// worst-case search's refinements; nil for a file without rounds (every sample then counts as the grid).
    package var round: Int? = nil
    /// The file and line the sample came from, for messages.
    package let source: String
}

extension MeasuredSample {
    /// A sample computed in this process rather than read from a file (an engine's output read back by `accuracy
    /// --engine`): `spec` is `specText` parsed, `round` the search round that asked for `input`, `source` what messages
    /// name; no duration, velocity or effective input.
    package init(implementation: String, specText: String, spec: MotionSpec, input: Double, output: Double, round: Int,
                 source: String) {
        self.init(implementation: implementation, duration: nil, specText: specText, spec: spec, input: input,
                  output: output, velocity: nil, effectiveInput: nil, round: round, source: source)
    }
}

/// Samples read and checked, held compactly for the measured study: each implementation name and spec once, and per
/// sample one `MeasuredPoint` (a few doubles and small integers, 64 bytes) in the order read. What
/// `MeasuredSamplesReader` fills from files, and `MeasuredStudy.run` compares with the exact answers.
package struct MeasuredSampleSet: Sendable {
    /// Implementation names, in first-seen order.
    var names: [String] = []
    var nameIndex: [String: Int32] = [:]
    /// Spec texts as written (trimmed) and parsed, in first-seen order.
    var specTexts: [String] = []
    var specs: [MotionSpec] = []
    var specIndex: [String: Int32] = [:]
    /// Each (implementation, duration, spec) met, in first-seen order; a point's `series` indexes it.
    var series: [Series] = []
    var seriesIndex: [Series: Int32] = [:]
    /// Every sample, in the order read (the exact answers are filled by the study).
    var points: [MeasuredPoint] = []

    /// The most (implementation, duration, spec) combinations one study holds.
    package static let seriesLimit = 100_000

    struct Series: Hashable, Sendable {
        var name: Int32
        var duration: Double?
        var spec: Int32
    }

    package init() {}

    /// The samples held.
    package var count: Int { points.count }
    /// Whether there are none.
    package var isEmpty: Bool { points.isEmpty }

    /// Makes room for `more` samples, so that a large file's points are allocated once.
    package mutating func reserve(_ more: Int) {
        points.reserveCapacity(points.count + more)
    }

    /// Adds one sample (checked already, as `MeasuredSamplesReader` checks them).
    package mutating func append(_ sample: MeasuredSample) {
        let name = intern(name: sample.implementation)
        let spec = intern(specText: sample.specText, sample.spec)
        let series = intern(unlimited: Series(name: name, duration: sample.duration, spec: spec))
        append(series: series, input: sample.input, output: sample.output, velocity: sample.velocity,
               effectiveInput: sample.effectiveInput, round: sample.round)
    }

    /// Adds every sample of `other`, after this set's.
    package mutating func append(contentsOf other: MeasuredSampleSet) {
        points.reserveCapacity(points.count + other.points.count)
        var map: [Int32] = []
        for entry in other.series {
            let name = intern(name: other.names[Int(entry.name)])
            let spec = intern(specText: other.specTexts[Int(entry.spec)], other.specs[Int(entry.spec)])
            map.append(intern(unlimited: Series(name: name, duration: entry.duration, spec: spec)))
        }
        for var point in other.points {
            point.series = map[Int(point.series)]
            points.append(point)
        }
    }

    mutating func intern(name: String) -> Int32 {
        if let known = nameIndex[name] { return known }
        let id = Int32(names.count)
        names.append(name)
        nameIndex[name] = id
        return id
    }

    mutating func intern(specText: String, _ spec: MotionSpec) -> Int32 {
        if let known = specIndex[specText] { return known }
        let id = Int32(specTexts.count)
        specTexts.append(specText)
        specs.append(spec)
        specIndex[specText] = id
        return id
    }

    /// The series' id; nil for a new one past `limit` (`seriesLimit` for what a file brings).
    mutating func intern(_ key: Series, limit: Int = seriesLimit) -> Int32? {
        if let known = seriesIndex[key] { return known }
        guard series.count < limit else { return nil }
        return intern(unlimited: key)
    }

    /// The series' id, a new one whatever the count.
    mutating func intern(unlimited key: Series) -> Int32 {
        if let known = seriesIndex[key] { return known }
        let id = Int32(series.count)
        series.append(key)
        seriesIndex[key] = id
        return id
    }

    mutating func append(series: Int32, input: Double, output: Double, velocity: Double?, effectiveInput: Double?,
                         round: Int?) {
        points.append(MeasuredPoint(input: input, output: output, storedVelocity: velocity ?? .nan,
                                    effectiveInput: effectiveInput ?? .nan, storedRound: Int16(round ?? -1), series: series))
    }

    /// The samples as `MeasuredSample`s, each with `source` `FILE:LINE` from `lines` (one per point).
    func samples(file: String, lines: [Int]) -> [MeasuredSample] {
        zip(points, lines).map { point, line in
            let entry = series[Int(point.series)]
            return MeasuredSample(implementation: names[Int(entry.name)], duration: entry.duration,
                                  specText: specTexts[Int(entry.spec)], spec: specs[Int(entry.spec)], input: point.input,
                                  output: point.output, velocity: point.velocity,
                                  effectiveInput: point.effectiveInput.isNaN ? nil : point.effectiveInput,
                                  round: point.storedRound < 0 ? nil : Int(point.storedRound), source: "\(file):\(line)")
        }
    }
}

/// Reads samples files: CSV with a header naming the columns `implementation,spec,input,output` in any order, and
/// optionally `velocity`, `duration`, `effective_input` and `round`. Any number of implementations and specs may share one file.
///
/// A file is read a few megabytes at a time, checked (UTF-8, no NUL byte, CSV) and measured as it goes: what is held
/// per sample is one `MeasuredPoint`, whatever the file's size, and a file that is not a samples file is refused on
/// its first bad line.
package enum MeasuredSamplesReader {
    /// The columns every samples file has.
    package static let requiredColumns = ["implementation", "spec", "input", "output"]
    /// The columns a samples file may add.
    package static let optionalColumns = ["velocity", "duration", "effective_input", "round"]
    /// The largest magnitude an output or velocity may have, so that its difference from the exact answer, and that
    /// difference in ulps, stay finite (progress never comes near it).
    package static let magnitudeLimit = 1e200

    /// Every sample in `text`, read from the file named `file` (used in messages).
    /// - Throws: `MeasuredSamplesError` naming the file, the line and the column of the first problem: a column
    ///   missing from the header or unknown, a row with the wrong number of fields, a spec that does not parse, a
    ///   number that is not finite or out of range, or no samples at all.
    package static func read(_ text: String, file: String) throws(MeasuredSamplesError) -> [MeasuredSample] {
        var set = MeasuredSampleSet()
        var reader = Ingest(file: file, keepLines: true)
        let utf8 = Array(text.utf8)
        try utf8.withUnsafeBufferPointer { (buffer: UnsafeBufferPointer<UInt8>) throws(MeasuredSamplesError) in
            try reader.feed(buffer, into: &set)
        }
        try reader.finish(into: &set)
        return set.samples(file: file, lines: reader.lines)
    }

    /// Reads the samples file at `path` into `set` (after the samples already there), a few megabytes at a time.
    /// `name` is the file as messages name it (the path as given, by default).
    /// - Throws: `InputFileError` when the file cannot be read (missing, not a regular file, larger than `limit`), or
    ///   `MeasuredSamplesError` naming the line (and column) of the first problem: text that is not UTF-8 or holds a
    ///   NUL byte, and everything `read(_:file:)` refuses.
    package static func read(contentsOf path: String, name: String? = nil, into set: inout MeasuredSampleSet,
                            limit: Int = InputFile.samplesSizeLimit, chunkSize: Int = 4 << 20) throws {
        let file = name ?? path
        var reader = Ingest(file: file, keepLines: false)
        var check = UTF8TextCheck()
        let before = set.count
        var consumed = 0, reserved = false
        // The file's first bytes while they may be a byte-order mark, which is not part of the text (a String read
        // from UTF-8 data drops it); nil once past it.
        var start: [UInt8]? = []
        func take(_ piece: UnsafeBufferPointer<UInt8>) throws {
            if let problem = check.check(piece) { throw Self.error(problem, file: file) }
            try reader.feed(piece, into: &set)
        }
        try InputFile.readChunks(path, limit: limit, chunkSize: chunkSize) { chunk, size in
            var piece = chunk
            if var held = start {
                let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
                var index = 0
                while index < piece.count, held.count < 3, piece[index] == mark[held.count] {
                    held.append(piece[index])
                    index += 1
                }
                piece = UnsafeBufferPointer(rebasing: piece[index...])
                if held.count == 3 {
                    start = nil
                } else if piece.isEmpty {
                    start = held
                } else {
                    start = nil
                    try held.withUnsafeBufferPointer { try take($0) }
                }
            }
            try take(piece)
            consumed += chunk.count
            if !reserved, consumed >= min(size, 1 << 20), set.count > before {
                // Room for the rest of the file at the density of its first megabyte, so that the points are
                // allocated once.
                reserved = true
                let perByte = Double(set.count - before) / Double(consumed)
                set.reserve(Int(Double(max(size - consumed, 0)) * perByte * 1.02) + 1024)
            }
        }
        if let held = start, !held.isEmpty { try held.withUnsafeBufferPointer { try take($0) } }
        if let problem = check.finish() { throw Self.error(problem, file: file) }
        try reader.finish(into: &set)
    }

    static func error(_ problem: (problem: UTF8TextCheck.Problem, line: Int), file: String) -> MeasuredSamplesError {
        switch problem.problem {
        case .notUTF8:
            MeasuredSamplesError(file: file, line: problem.line, column: nil,
                                 message: "is not UTF-8 text; a samples file is CSV text in UTF-8")
        case .nul:
            MeasuredSamplesError(file: file, line: problem.line, column: nil,
                                 message: "holds a NUL byte; a samples file is CSV text, not binary data")
        }
    }

    /// The position of each known column in the header, after checking that the required ones are there once each.
    static func columnIndex(_ fields: [String], line: Int, file: String) throws(MeasuredSamplesError) -> [String: Int] {
        var index: [String: Int] = [:]
        for (position, raw) in fields.enumerated() {
            let name = raw.trimmingSpaces.lowercased()
            guard requiredColumns.contains(name) || optionalColumns.contains(name) else {
                throw MeasuredSamplesError(
                    file: file, line: line, column: raw,
                    message: "is not a column of a samples file; expected \(requiredColumns.joined(separator: ",")) and "
                        + "optionally \(optionalColumns.joined(separator: ", ")) (is the first line the header?)")
            }
            guard index.updateValue(position, forKey: name) == nil else {
                throw MeasuredSamplesError(file: file, line: line, column: raw, message: "appears twice in the header")
            }
        }
        for name in requiredColumns where index[name] == nil {
            throw MeasuredSamplesError(file: file, line: line, column: name,
                                       message: "is missing from the header; a samples file has the columns "
                                           + "\(requiredColumns.joined(separator: ",")) (velocity and duration optional)")
        }
        return index
    }

    /// One file read record by record: the header, then each row checked and added to a `MeasuredSampleSet`.
    struct Ingest {
        let file: String
        var parser = CSVStreamParser(skipsCommentLines: true)
        var header: (line: Int, width: Int)?
        var columns = Columns()
        var samples = 0
        /// The line of every sample, when kept (for `MeasuredSample.source`).
        var lines: [Int] = []
        let keepLines: Bool
        /// Recently met raw fields and what they are, so that a row repeating them is not decoded again.
        var recentNames: [(raw: [UInt8], id: Int32)] = []
        var recentSpecs: [(raw: [UInt8], id: Int32)] = []

        init(file: String, keepLines: Bool) {
            self.file = file
            self.keepLines = keepLines
        }

        struct Columns {
            var implementation = 0, spec = 0, input = 0, output = 0
            var velocity: Int?, duration: Int?, effectiveInput: Int?, round: Int?
        }

        mutating func feed(_ input: UnsafeBufferPointer<UInt8>, into set: inout MeasuredSampleSet) throws(MeasuredSamplesError) {
            var position = 0
            while true {
                let ready: Bool
                do { ready = try parser.scan(input, from: &position) } catch {
                    throw MeasuredSamplesError(file: file, line: error.line, column: nil, message: error.problem)
                }
                guard ready else { return }
                try record(into: &set)
            }
        }

        mutating func finish(into set: inout MeasuredSampleSet) throws(MeasuredSamplesError) {
            let ready: Bool
            do { ready = try parser.finish() } catch {
                throw MeasuredSamplesError(file: file, line: error.line, column: nil, message: error.problem)
            }
            if ready { try record(into: &set) }
            guard let header else {
                throw MeasuredSamplesError(file: file, line: nil, column: nil, message: "is empty; expected a header line "
                                           + "'\(requiredColumns.joined(separator: ","))' and one row per sample")
            }
            guard samples > 0 else {
                throw MeasuredSamplesError(file: file, line: header.line, column: nil, message: "has a header but no samples")
            }
        }

        /// The ready record: the header, or a row.
        mutating func record(into set: inout MeasuredSampleSet) throws(MeasuredSamplesError) {
            guard let header else {
                let fields = (0..<parser.fieldCount).map { parser.bytes[parser.fieldRange($0)] }
                    .map { String(decoding: $0, as: UTF8.self) }
                let index = try columnIndex(fields, line: parser.recordLine, file: file)
                // The four required columns cannot be missing: columnIndex throws when one is.
                columns = Columns(implementation: index["implementation"]!, spec: index["spec"]!, input: index["input"]!,
                                  output: index["output"]!, velocity: index["velocity"], duration: index["duration"],
                                  effectiveInput: index["effective_input"], round: index["round"])
                header = (parser.recordLine, fields.count)
                return
            }
            let line = parser.recordLine
            let row = Row(parser: parser, file: file, line: line)
            try row.checkWidth(header.width)
            let name = try implementation(row, into: &set)
            let spec = try spec(row, into: &set)
            let parsed = set.specs[Int(spec)]
            let input = try row.number(columns.input, "input")
            switch parsed {
            case .timingFunction:
                guard (0...1).contains(input) else {
                    throw row.error("input", "\(row.raw(columns.input)) is outside [0, 1]; a timing function's input is progress")
                }
            case .spring:
                guard input >= 0 else { throw row.error("input", "\(row.raw(columns.input)) is negative; a spring's input is seconds ≥ 0") }
            }
            let duration = try row.optionalNumber(columns.duration, "duration")
            if let duration, !(duration > 0) {
                throw row.error("duration", "\(row.raw(columns.duration)) must be a number of seconds > 0")
            }
            let output = try row.number(columns.output, "output"), velocity = try row.optionalNumber(columns.velocity, "velocity")
            if abs(output) > magnitudeLimit {
                throw row.error("output", "\(row.raw(columns.output)) is beyond ±1e200, the largest magnitude compared")
            }
            if abs(velocity ?? 0) > magnitudeLimit {
                throw row.error("velocity", "\(row.raw(columns.velocity)) is beyond ±1e200, the largest magnitude compared")
            }
            let effectiveInput = try row.optionalNumber(columns.effectiveInput, "effective_input")
            if let effectiveInput, !(0...1).contains(effectiveInput) || parsed.isSpring {
                throw row.error("effective_input", "\(row.raw(columns.effectiveInput)) must be a progress in [0, 1] (a timing "
                                + "function's input as the implementation received it)")
            }
            var round: Int?
            if let column = columns.round, !row.isBlank(column) {
                let roundText = row.trimmed(column)
                guard let value = Int(roundText), value >= 0, value <= 1_000 else {
                    throw row.error("round", "'\(SafeText.quoted(roundText))' is not a search round (a whole number, 0 for "
                                    + "the grid)")
                }
                round = value
            }
            guard let series = set.intern(MeasuredSampleSet.Series(name: name, duration: duration, spec: spec)) else {
                throw MeasuredSamplesError(file: file, line: line, column: nil, message: "brings more than "
                                           + "\(MeasuredSampleSet.seriesLimit) combinations of implementation, duration and "
                                           + "spec; a study holds at most that many")
            }
            set.append(series: series, input: input, output: output, velocity: velocity, effectiveInput: effectiveInput,
                       round: round)
            samples += 1
            if keepLines { lines.append(line) }
        }

        /// The implementation's id, its name checked the first time it is met.
        mutating func implementation(_ row: Row, into set: inout MeasuredSampleSet) throws(MeasuredSamplesError) -> Int32 {
            let range = row.parser.fieldRange(columns.implementation)
            if let id = Self.recent(recentNames, row.parser.bytes, range) { return id }
            let implementation = row.trimmed(columns.implementation)
            guard !implementation.isEmpty else { throw row.error("implementation", "is empty; name the implementation") }
            guard !implementation.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
                throw row.error("implementation", "'\(SafeText.quoted(implementation))' holds a control character; "
                                + "a name is printed in every report")
            }
            let id = set.intern(name: implementation)
            Self.remember(&recentNames, Array(row.parser.bytes[range]), id)
            return id
        }

        /// The spec's id, parsed the first time it is met.
        mutating func spec(_ row: Row, into set: inout MeasuredSampleSet) throws(MeasuredSamplesError) -> Int32 {
            let range = row.parser.fieldRange(columns.spec)
            if let id = Self.recent(recentSpecs, row.parser.bytes, range) { return id }
            let specText = row.trimmed(columns.spec)
            let id: Int32
            if let known = set.specIndex[specText] {
                id = known
            } else {
                let spec: MotionSpec
                do { spec = try MotionSpec(parsing: specText) } catch {
                    throw row.error("spec", "'\(SafeText.quoted(specText))' is not a timing function or spring MotionBench "
                                    + "parses: \(error)")
                }
                id = set.intern(specText: specText, spec)
            }
            Self.remember(&recentSpecs, Array(row.parser.bytes[range]), id)
            return id
        }

        static func recent(_ entries: [(raw: [UInt8], id: Int32)], _ bytes: [UInt8], _ range: Range<Int>) -> Int32? {
            for entry in entries where entry.raw.count == range.count && entry.raw[...] == bytes[range] { return entry.id }
            return nil
        }

        static func remember(_ entries: inout [(raw: [UInt8], id: Int32)], _ raw: [UInt8], _ id: Int32) {
            if entries.count >= 16 { entries.removeLast() }
            entries.insert((raw, id), at: 0)
        }
    }

    /// One row's fields by position.
    struct Row {
        let parser: CSVStreamParser
        let file: String
        let line: Int

        /// The field at `position` as written (unquoted), or "" when the file has no such column.
        func raw(_ position: Int?) -> String {
            guard let position, position < parser.fieldCount else { return "" }
            return String(decoding: parser.bytes[parser.fieldRange(position)], as: UTF8.self)
        }

        /// The field at `position` without leading and trailing spaces and tabs.
        func trimmed(_ position: Int) -> String {
            let range = parser.fieldRange(position)
            let space = UInt8(ascii: " "), tab = UInt8(ascii: "\t")
            if let first = range.first, let last = range.last, parser.bytes[first] != space, parser.bytes[first] != tab,
               parser.bytes[last] != space, parser.bytes[last] != tab {
                return String(decoding: parser.bytes[range], as: UTF8.self)
            }
            return raw(position).trimmingSpaces
        }

        /// Whether the field at `position` is empty once trimmed.
        func isBlank(_ position: Int) -> Bool {
            // Trimming removes only spaces and tabs, so the trimmed text is empty exactly when every byte is one.
            parser.bytes[parser.fieldRange(position)].allSatisfy { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        }

        func error(_ column: String, _ message: String) -> MeasuredSamplesError {
            MeasuredSamplesError(file: file, line: line, column: column, message: message)
        }

        func checkWidth(_ expected: Int) throws(MeasuredSamplesError) {
            guard parser.fieldCount == expected else {
                let hint = parser.fieldCount > expected
                    ? "a spec with commas, such as cubic-bezier(…), must be in double quotes"
                    : "a field is missing; an empty field still needs its comma"
                throw MeasuredSamplesError(file: file, line: line, column: nil,
                                           message: "has \(parser.fieldCount) fields but the header has \(expected) (\(hint))")
            }
        }

        /// A finite number at `position`, the column `column`.
        func number(_ position: Int, _ column: String) throws(MeasuredSamplesError) -> Double {
            let text = trimmed(position)
            guard let value = Double(text), !text.hasPrefix("0x"), !text.hasPrefix("-0x") else {
                throw error(column, "'\(SafeText.quoted(text))' is not a number")
            }
            guard value.isFinite else { throw error(column, "\(text) is not a finite number") }
            return value
        }

        /// A finite number at `position`, or nil when the file has no such column or the field is empty.
        func optionalNumber(_ position: Int?, _ column: String) throws(MeasuredSamplesError) -> Double? {
            guard let position, !isBlank(position) else { return nil }
            return try number(position, column)
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
package struct MeasuredSamplesError: MotionBenchError, CustomStringConvertible {
    /// The file's path as given.
    package let file: String
    /// The 1-based line, when the problem is on one.
    package let line: Int?
    /// The column's name, when the problem is in one.
    package let column: String?
    /// What is wrong and what was expected.
    package let message: String
    /// `FILE line L, column 'C': MESSAGE`.
    package var description: String {
        var place = SafeText.quoted(file)
        if let line { place += " line \(line)" }
        if let column { place += ", column '\(SafeText.quoted(column))'" }
        return "\(place): \(message)"
    }
}
