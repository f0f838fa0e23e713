import MotionSupport
import Foundation
import MotionCore
import MotionOutput

/// `motionbench compare A.json B.json`: two `run --format json` results side by side, row by row (scenario, layers,
/// threads), with B/A ratios of the figures a frame budget depends on and a verdict per row.
///
/// The verdict uses ns per layer-frame: "slower" when B/A exceeds 1 + threshold, "faster" below 1 − threshold,
/// otherwise "same". When both rows were repeated (`run --repeat N`, with a min–max spread), a difference also needs
/// the two ranges apart — B's fastest pass slower than A's slowest for "slower", and the reverse for "faster" — and
/// overlapping ranges read "same (within spread)". Single runs have only the threshold to guard against noise: on a
/// shared 2-core VM they move ±15%, which is why the default threshold is 15%.
public struct RunComparison: Sendable {
    /// One matched row.
    public struct Row: Sendable {
        /// Scenario, layers and threads, e.g. "mixed/1000000 layers/2 threads".
        public var key: String
        /// ns per layer-frame in A and B.
        public var nsPerLayerFrame: (a: Double, b: Double)
        /// p99 frame time in ms in A and B (nil where a file's row does not record it).
        public var frameMsP99: (a: Double, b: Double)?
        /// Peak RSS in bytes in A and B (nil for an engine's row: its child process's memory is not reported).
        public var peakRSSBytes: (a: Double, b: Double)?
        /// B/A of ns per layer-frame.
        public var ratio: Double { nsPerLayerFrame.b / nsPerLayerFrame.a }
        /// Min–max of ns per layer-frame over passes in A and B, when both were repeated.
        public var spread: (a: ClosedRange<Double>, b: ClosedRange<Double>)?
        /// B against A: slower, faster, the same, or the same within the passes' spread.
        public var verdict: ComparisonVerdict
    }

    /// Rows present in both files, in A's order.
    public var rows: [Row]
    /// Rows present in only one file.
    public var unmatched: [String]
    /// The threshold used, as a fraction.
    public var threshold: Double
    /// What makes the files measure different things, e.g. `frames 240 (a.json) vs 30 (b.json)`: the frames or frame
    /// clock of a shared row, the build configuration, the CPU model or signature, or the cores. `compare` refuses the files when
    /// this is not empty, unless `--allow-mismatch`.
    public var mismatches: [String]
    /// Differences that do not stop a comparison (MotionBench version, toolchain) and fields a file does not record
    /// (unknown, not checked).
    public var notes: [String]

    /// Compares the `run` JSON texts `a` and `b` (named `nameA`, `nameB` in errors). Each result row gives MotionCore's
    /// row and one row per plug-in engine (`engines[]` with role `plug-in`), matched across the files by scenario,
    /// layers, threads and engine name (the path added where one file holds two engines of one name). With
    /// `pairingThreads`, rows that differ only in threads are paired too, and the difference is listed in `mismatches`.
    /// - Throws: `RunComparisonError` naming the file and what is missing.
    public init(a: Data, nameA: String, b: Data, nameB: String, threshold: Double, pairingThreads: Bool = false) throws {
        let (objectA, objectB) = (try Self.parse(a, name: nameA), try Self.parse(b, name: nameB))
        let rowsA = try Self.rows(objectA, name: nameA), rowsB = try Self.rows(objectB, name: nameB)
        var keysB = Dictionary(rowsB.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        var threadPairs: [String] = []
        if pairingThreads {
            // A's rows without a partner, paired with B's only partner that differs in threads alone.
            let unmatchedB = rowsB.filter { row in !rowsA.contains { $0.key == row.key } }
            for first in rowsA where keysB[first.key] == nil {
                let candidates = unmatchedB.filter { $0.keyWithoutThreads == first.keyWithoutThreads }
                guard candidates.count == 1, let partner = candidates.first else { continue }
                keysB[first.key] = partner
                threadPairs.append("\(first.key) (\(nameA)) with \(partner.key) (\(nameB))")
            }
        }
        var rows: [Row] = []
        for first in rowsA {
            guard let second = keysB[first.key] else { continue }
            let ratio = second.ns / first.ns
            let spread = first.range.flatMap { a in second.range.map { (a: a, b: $0) } }
            var verdict: ComparisonVerdict = ratio > 1 + threshold ? .slower : (ratio < 1 - threshold ? .faster : .same)
            if let spread, verdict != .same,
               verdict == .slower ? spread.b.lowerBound <= spread.a.upperBound : spread.b.upperBound >= spread.a.lowerBound {
                verdict = .sameWithinSpread
            }
            let p99 = first.p99.flatMap { a in second.p99.map { (a: a, b: $0) } }
            let rss = first.rss.flatMap { a in second.rss.map { (a: a, b: $0) } }
            rows.append(Row(key: first.key == second.key ? first.key
                                : "\(first.base)/\(first.threads)→\(second.threads) threads\(first.label)",
                            nsPerLayerFrame: (first.ns, second.ns), frameMsP99: p99, peakRSSBytes: rss, spread: spread,
                            verdict: verdict))
        }
        let matchedA = Set(rowsA.map(\.key).filter { keysB[$0] != nil })
        let matchedB = Set(rowsA.compactMap { keysB[$0.key]?.key })
        unmatched = rowsA.map(\.key).filter { !matchedA.contains($0) } + rowsB.map(\.key).filter { !matchedB.contains($0) }
        self.rows = rows
        self.threshold = threshold
        var check = FieldCheck(nameA: nameA, nameB: nameB)
        if !threadPairs.isEmpty { check.mismatches.append("threads differ, rows paired: " + threadPairs.joined(separator: ", ")) }
        for first in rowsA {
            guard let second = keysB[first.key] else { continue }
            check.compare("frames", first.frames, second.frames, required: true)
            check.compare("frame clock", first.clock, second.clock, required: true)
        }
        let (fileA, fileB) = (Self.fileFields(objectA), Self.fileFields(objectB))
        for ((field, required), (valueA, valueB)) in zip(Self.fileFieldNames, zip(fileA, fileB)) {
            check.compare(field, valueA, valueB, required: required)
        }
        mismatches = check.mismatches
        notes = check.notes
    }

    /// The fields of the whole file, in the order of `fileFields`, and whether a difference stops the comparison.
    private static let fileFieldNames = [("build configuration", true), ("CPU model", true), ("CPU signature", true),
                                         ("cores", true),
                                         ("MotionBench version", false), ("toolchain", false)]

    /// The build configuration (`metadata.build`), the CPU model, its signature (family, model, stepping: "AMD EPYC"
    /// names several generations) and cores (`machine`, else `metadata.machine`),
    /// the version and the toolchain (`metadata`), each as shown in messages, or nil when the file does not record it.
    private static func fileFields(_ object: [String: Any]) -> [String?] {
        let metadata = object["metadata"] as? [String: Any]
        let machine = (object["machine"] as? [String: Any]) ?? (metadata?["machine"] as? [String: Any])
        return [shown(metadata?["build"]), shown(machine?["cpu"]), shown(machine?["cpuSignature"]), shown(machine?["cores"]),
                shown(metadata?["version"]), shown(metadata?["toolchain"])]
    }

    /// A recorded value as messages show it: a number as `240`, a string in quotes, nil when missing or null.
    private static func shown(_ value: Any?) -> String? {
        guard let value, !(value is NSNull) else { return nil }
        if ScenarioReader.isBoolean(value) { return (value as? Bool) == true ? "true" : "false" }
        if let number = value as? NSNumber { return formatSpecNumber(number.doubleValue) }
        if let text = value as? String { return "\"\(SafeText.quoted(text))\"" }
        return "(not a number or string)"
    }

    /// Collects the differences (and unknowns) between A's and B's values of the fields that tell what was measured.
    private struct FieldCheck {
        let nameA, nameB: String
        var mismatches: [String] = []
        var notes: [String] = []

        mutating func compare(_ field: String, _ a: String?, _ b: String?, required: Bool) {
            func add(_ text: String, to list: inout [String]) { if !list.contains(text) { list.append(text) } }
            guard let a, let b else {
                let missing = [a == nil ? nameA : nil, b == nil ? nameB : nil].compactMap { $0 }
                add("\(field) unknown (not recorded in \(missing.joined(separator: " and "))), not checked", to: &notes)
                return
            }
            guard a != b else { return }
            let text = "\(field) \(a) (\(nameA)) vs \(b) (\(nameB))"
            if required { add(text, to: &mismatches) } else { add(text, to: &notes) }
        }
    }

    private struct Figures {
        /// "scenario/N layers".
        let base: String
        /// Threads.
        let threads: Int
        /// " · engine NAME" for an engine's row (with its path where the name is shared), else empty.
        let label: String
        /// "scenario/N layers/T threads", with the engine's label.
        var key: String { "\(base)/\(threads) threads\(label)" }
        /// The key with the threads left out (for pairing across thread counts).
        var keyWithoutThreads: String { base + label }
        let ns: Double
        let p99, rss: Double?
        /// `spread.nsPerLayerFrame` of a repeated run.
        let range: ClosedRange<Double>?
        /// `frames` and `clock` as messages show them, nil when the row does not record them.
        let frames, clock: String?
    }

    private static func parse(_ data: Data, name: String) throws -> [String: Any] {
        let object: Any
        do {
            object = try StrictJSON.parse(data)
        } catch {
            throw RunComparisonError(message: "compare: \(name) is not valid JSON: \(error)")
        }
        return object as? [String: Any] ?? [:]
    }

    private static func rows(_ object: [String: Any], name: String) throws -> [Figures] {
        guard let results = object["results"] as? [[String: Any]], !results.isEmpty else {
            throw RunComparisonError(message: "compare: \(name) has no \"results\" array; give files from motionbench run --format json")
        }
        return try results.enumerated().map { index, row in
            let reader = RowReader(name: name, path: "results[\(index)]")
            guard let scenario = row["scenario"] as? String else {
                throw reader.fail("scenario", "must be a string")
            }
            let layers = try reader.whole(row["layers"], "layers", in: RunLimits.layers,
                                          expected: "a whole number of layers in 1…\(RunLimits.layers.upperBound) (run --layers)")
            let threads = try reader.whole(row["threads"], "threads", in: RunLimits.threads,
                                           expected: "a whole number of threads in 1…\(RunLimits.threads.upperBound) (run --threads)")
            let nsExpected = "ns per layer-frame in \(Self.text(RunLimits.nsPerLayerFrame)) (a figure below "
                + "\(Self.bound(RunLimits.nsPerLayerFrame.lowerBound)) ns is not a measurement)"
            func range() throws -> ClosedRange<Double>? {
                guard let spread = row["spread"] else { return nil }
                guard let entry = (spread as? [String: Any])?["nsPerLayerFrame"] as? [String: Any] else { return nil }
                let low = try reader.figure(entry["min"], "spread.nsPerLayerFrame.min", in: RunLimits.nsPerLayerFrame,
                                            expected: nsExpected)
                let high = try reader.figure(entry["max"], "spread.nsPerLayerFrame.max", in: RunLimits.nsPerLayerFrame,
                                             expected: nsExpected)
                guard low <= high else {
                    throw reader.fail("spread.nsPerLayerFrame", "min \(formatSpecNumber(low)) exceeds max \(formatSpecNumber(high)); "
                                      + "min must not exceed max")
                }
                return low...high
            }
            let key = "\(SafeText.quoted(scenario))/\(layers) layers"
            let main = Figures(base: key, threads: threads, label: "",
                               ns: try reader.figure(row["nsPerLayerFrame"], "nsPerLayerFrame", in: RunLimits.nsPerLayerFrame,
                                                     expected: nsExpected),
                               p99: try reader.figure((row["frameMs"] as? [String: Any])?["p99"], "frameMs.p99", in: RunLimits.frameMs,
                                                      expected: "a frame time in ms in \(Self.text(RunLimits.frameMs))"),
                               rss: Double(try reader.whole(row["peakRSSBytes"], "peakRSSBytes", in: RunLimits.peakRSSBytes,
                                                            expected: "a whole number of bytes in \(Self.text(RunLimits.peakRSSBytes))")),
                               range: try range(), frames: shown(row["frames"]), clock: shown(row["clock"]))
            return [main] + (try engineRows(row, reader: reader, key: key, threads: threads, expected: nsExpected))
        }.flatMap { $0 }
    }

    /// The plug-in engines' rows of one result row (`engines[]` with role `plug-in` and a measured ns/layer-frame; a
    /// FAILED engine has none and is left out), keyed by the row's key and the engine's name, and by its path too where
    /// the row holds two engines of one name.
    private static func engineRows(_ row: [String: Any], reader: RowReader, key: String, threads: Int,
                                   expected: String) throws -> [Figures] {
        let engines = (row["engines"] as? [[String: Any]] ?? []).enumerated().filter { $0.element["role"] as? String == "plug-in" }
        let names = engines.map { $0.element["name"] as? String ?? "?" }
        return try engines.compactMap { index, engine -> Figures? in
            guard engine["nsPerLayerFrame"] is NSNumber else { return nil }
            let engineReader = RowReader(name: reader.name, path: "\(reader.path).engines[\(index)]")
            let name = engine["name"] as? String ?? "?"
            let shared = names.filter { $0 == name }.count > 1
            let label = " · engine \(SafeText.quoted(name))"
                + (shared ? " (\(SafeText.quoted(engine["path"] as? String ?? "?")))" : "")
            let p99 = (engine["frameMs"] as? [String: Any])?["p99"].map { value in
                try? engineReader.figure(value, "frameMs.p99", in: RunLimits.frameMs, expected: "a frame time in ms")
            } ?? nil
            return Figures(base: key, threads: threads, label: label,
                           ns: try engineReader.figure(engine["nsPerLayerFrame"], "nsPerLayerFrame",
                                                       in: RunLimits.nsPerLayerFrame, expected: expected),
                           p99: p99, rss: nil, range: nil, frames: shown(engine["frames"]), clock: shown(row["clock"]))
        }
    }

    /// `low…high` as the messages print it (1e-06…1e+15).
    private static func text(_ range: ClosedRange<Double>) -> String {
        "\(bound(range.lowerBound))…\(bound(range.upperBound))"
    }

    /// A range's bound as the messages print it: 1e-06, 1, 100000000, 1e+15.
    fileprivate static func bound(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(format: "%g", value)
    }

    /// Reads the figures of one row of a run result, refusing (with the file, the JSON path and the expected range)
    /// whatever `run` cannot have written: a missing field, a string or boolean, a number outside the range or, for
    /// counts, one that is not whole. Every conversion to an integer is checked.
    private struct RowReader {
        let name: String
        let path: String

        func fail(_ field: String, _ problem: String) -> RunComparisonError {
            RunComparisonError(message: "compare: \(name): \(path).\(field) \(problem)")
        }

        /// A finite number in `range`.
        func figure(_ value: Any?, _ field: String, in range: ClosedRange<Double>, expected: String) throws -> Double {
            guard let value, !(value is NSNull) else { throw fail(field, "is missing; expected \(expected)") }
            guard let number = value as? NSNumber, !ScenarioReader.isBoolean(value) else {
                throw fail(field, "is not a number; expected \(expected)")
            }
            let double = number.doubleValue
            let shown = formatSpecNumber(double)
            guard double.isFinite else { throw fail(field, "\(shown) is not finite; expected \(expected)") }
            guard double >= range.lowerBound else {
                let problem = double < 0 ? "is negative" : (double == 0 ? "is zero" : "is below \(RunComparison.bound(range.lowerBound))")
                throw fail(field, "\(shown) \(problem); expected \(expected)")
            }
            guard double <= range.upperBound else {
                throw fail(field, "\(shown) is beyond \(RunComparison.bound(range.upperBound)); expected \(expected)")
            }
            return double
        }

        /// A whole number in `range`, as an `Int` (converted only once it is known to fit).
        func whole(_ value: Any?, _ field: String, in range: ClosedRange<Int>, expected: String) throws -> Int {
            let double = try figure(value, field, in: Double(range.lowerBound)...Double(range.upperBound), expected: expected)
            guard let count = Int(exactly: double) else {
                throw fail(field, "\(formatSpecNumber(double)) is not a whole number; expected \(expected)")
            }
            return count
        }

        /// A whole number in `range` (a Double range, for counts beyond what the messages need as `Int`).
        func whole(_ value: Any?, _ field: String, in range: ClosedRange<Double>, expected: String) throws -> Int64 {
            let double = try figure(value, field, in: range, expected: expected)
            guard let count = Int64(exactly: double) else {
                throw fail(field, "\(formatSpecNumber(double)) is not a whole number; expected \(expected)")
            }
            return count
        }
    }

    /// The table's columns.
    private static let header = ["row", "ns/layer-frame A", "ns/layer-frame B", "B/A", "p99 ms B/A", "peak RSS B/A", "verdict"]

    /// The table's cells, one array per row.
    private var cells: [[String]] {
        func ratio(_ pair: (a: Double, b: Double)?) -> String { pair.map { String(format: "%.3f", $0.b / $0.a) } ?? "–" }
        func figure(_ value: Double, _ range: ClosedRange<Double>?) -> String {
            String(format: "%.2f", value) + (range.map { String(format: " (%.2f–%.2f)", $0.lowerBound, $0.upperBound) } ?? "")
        }
        return rows.map { row in
            [row.key, figure(row.nsPerLayerFrame.a, row.spread?.a), figure(row.nsPerLayerFrame.b, row.spread?.b),
             ratio(row.nsPerLayerFrame), ratio(row.frameMsP99), ratio(row.peakRSSBytes), row.verdict.rawValue]
        }
    }

    /// How the verdicts were reached, and the rows found in one file only.
    private var note: String {
        let percent = Int((threshold * 100).rounded())
        let repeated = rows.filter { $0.spread != nil }.count
        return (repeated == rows.count && !rows.isEmpty
            ? "repeated runs: a row differs when B/A passes ±\(percent)% and the min–max ranges of the passes are apart"
            : (repeated == 0 ? "single runs, no spread: verdict by ns/layer-frame against ±\(percent)% only"
               : "rows with spread in both files need their ranges apart as well as ±\(percent)%; the others, ±\(percent)% only"))
            + (unmatched.isEmpty ? "" : "; in one file only: " + unmatched.joined(separator: ", "))
    }
}

extension RunComparison {
    /// The lines after the verdict note: the differences shown anyway (`--allow-mismatch`), then the other notes.
    var extraNotes: [String] {
        (mismatches.isEmpty ? [] : ["not comparable, shown with --allow-mismatch: " + mismatches.joined(separator: "; ")])
            + (notes.isEmpty ? [] : [notes.joined(separator: "; ")])
    }
}

extension RunComparison: TableReport, MarkdownReport, JSONReport {
    /// The comparison as an aligned table and its note.
    public func tableText() -> String {
        let all = [Self.header] + cells
        let widths = Self.header.indices.map { column in all.map { $0[column].count }.max() ?? 0 }
        return all.map { row in zip(row, widths).map { $0 + String(repeating: " ", count: $1 - $0.count) }
            .joined(separator: "  ") }.joined(separator: "\n") + "\nnote: \(note)\n"
            + extraNotes.map { "note: \($0)\n" }.joined()
    }

    /// The comparison as a Markdown table and its note.
    public func markdownText() -> String {
        "| " + Self.header.joined(separator: " | ") + " |\n|" + Self.header.map { _ in "---" }.joined(separator: "|") + "|\n"
            + cells.map { "| " + $0.joined(separator: " | ") + " |\n" }.joined() + "\n> \(note)\n"
            + extraNotes.map { ">\n> \($0)\n" }.joined()
    }

    /// `{"rows", "threshold", "unmatched", "note", "mismatches", "notes"}`; the comparison has no metadata of its own.
    public func jsonDocument(metadata: (any ReportMetadata)?) throws -> String {
        struct Range: Encodable {
            let min, max: ReportNumber
        }
        struct RowJSON: Encodable {
            let row, verdict: String
            let nsPerLayerFrameA, nsPerLayerFrameB, ratio: ReportNumber
            let frameMsP99Ratio, peakRSSRatio: ReportNumber?
            let spreadA, spreadB: Range?
        }
        struct Document: Encodable {
            let rows: [RowJSON]
            let threshold: Double
            let unmatched: [String]
            let note: String
            let mismatches: [String]
            let notes: [String]
        }
        let document = Document(rows: rows.map {
            RowJSON(row: $0.key, verdict: $0.verdict.rawValue, nsPerLayerFrameA: ReportNumber($0.nsPerLayerFrame.a),
                    nsPerLayerFrameB: ReportNumber($0.nsPerLayerFrame.b), ratio: ReportNumber($0.ratio),
                    frameMsP99Ratio: $0.frameMsP99.map { ReportNumber($0.b / $0.a) },
                    peakRSSRatio: $0.peakRSSBytes.map { ReportNumber($0.b / $0.a) },
                    spreadA: $0.spread.map { Range(min: ReportNumber($0.a.lowerBound), max: ReportNumber($0.a.upperBound)) },
                    spreadB: $0.spread.map { Range(min: ReportNumber($0.b.lowerBound), max: ReportNumber($0.b.upperBound)) })
        }, threshold: threshold, unmatched: unmatched, note: note,
           mismatches: mismatches, notes: notes)
        return try ReportJSON.document(document)
    }
}

/// A `compare` input that is not a readable `run` result (exit code 2): the message names the file and the field.
public struct RunComparisonError: MotionBenchError, CustomStringConvertible {
    /// What was wrong.
    public let message: String
    /// The message.
    public var description: String { message }
}
