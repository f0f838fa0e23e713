import MotionCore
import XCTest

/// The exact timing vectors of `data/vectors/web-animations-exact.csv` and `data/vectors/core-animation-exact.csv`,
/// written by `scripts/timing-oracle.py` in exact rational arithmetic (every input double converted exactly, only the
/// final progress rounded to the nearest double). Shared by the tests that hold a timing path to them.
enum ExactTimingVectors {
    /// How far a directed progress may be from the double nearest the exact one.
    static let progressTolerance = 1e-15

    /// A row's exact answer: the phase, the zero-based current iteration (`nil` for null, `.infinity` for inf) and the
    /// directed progress (`nil` for null), as the last three columns of both files give them.
    struct Answer: Sendable {
        let phase: TimingResult.Phase
        let iteration: Double?
        let progress: Double?
    }

    /// One Web Animations row: timing, local time and the exact answer.
    struct WebAnimationsRow: Sendable, CustomStringConvertible {
        let duration: Double
        let iterations: Double
        let iterationStart: Double
        let delay: Double
        let endDelay: Double
        let fill: EffectTiming.Fill
        let direction: EffectTiming.Direction
        let playingBackwards: Bool
        let time: Double
        /// The exact answer.
        let answer: Answer
        /// The row as written in the file.
        let text: String

        var description: String { text }

        func timing() throws -> EffectTiming {
            try EffectTiming(duration: duration, iterations: iterations, iterationStart: iterationStart, delay: delay,
                             endDelay: endDelay, fill: fill, direction: direction, playingBackwards: playingBackwards)
        }
    }

    /// One Core Animation row (speed 1, timeOffset 0): timing, parent time and the exact answer. The iteration is the
    /// zero-based pass index (two per autoreverse cycle).
    struct CoreAnimationRow: Sendable, CustomStringConvertible {
        let beginTime: Double
        let duration: Double
        let repeatCount: Double
        let repeatDuration: Double
        let autoreverses: Bool
        let fillMode: MediaTiming.FillMode
        let removedOnCompletion: Bool
        let parentTime: Double
        /// The exact answer.
        let answer: Answer
        /// The row as written in the file.
        let text: String

        var description: String { text }

        /// Timing a layer kernel evaluates: begin time, duration, repeat count, autoreverses, fill both and kept on
        /// completion, no repeat duration (the file has at least 1,000 such rows, none with a zero duration).
        var isKernelSubset: Bool { fillMode == .both && !removedOnCompletion && repeatDuration == 0 }

        func timing() throws -> MediaTiming {
            try MediaTiming(beginTime: beginTime, duration: duration, repeatCount: repeatCount,
                            repeatDuration: repeatDuration, autoreverses: autoreverses, fillMode: fillMode,
                            removedOnCompletion: removedOnCompletion)
        }
    }

    struct BadRow: Error, CustomStringConvertible {
        let file: String
        let row: String
        let problem: String
        var description: String { "\(file): \(problem) in row '\(row)'" }
    }

    static func webAnimationsRows() throws -> [WebAnimationsRow] {
        let file = "web-animations-exact.csv"
        return try VectorFileTests.rows(of: file, columns: 12).map { fields in
            let text = fields.joined(separator: ",")
            let field = Fields(file: file, text: text, fields: fields)
            guard fields.count == 12 else { throw BadRow(file: file, row: text, problem: "not 12 fields") }
            return WebAnimationsRow(
                duration: try field.number(0), iterations: try field.number(1), iterationStart: try field.number(2),
                delay: try field.number(3), endDelay: try field.number(4),
                fill: try field.value(5, EffectTiming.Fill.init(rawValue:)),
                direction: try field.value(6, EffectTiming.Direction.init(rawValue:)),
                playingBackwards: try field.bool(7), time: try field.number(8),
                answer: try field.answer(from: 9), text: text)
        }
    }

    static func coreAnimationRows() throws -> [CoreAnimationRow] {
        let file = "core-animation-exact.csv"
        return try VectorFileTests.rows(of: file, columns: 11).map { fields in
            let text = fields.joined(separator: ",")
            let field = Fields(file: file, text: text, fields: fields)
            guard fields.count == 11 else { throw BadRow(file: file, row: text, problem: "not 11 fields") }
            return CoreAnimationRow(
                beginTime: try field.number(0), duration: try field.number(1), repeatCount: try field.number(2),
                repeatDuration: try field.number(3), autoreverses: try field.bool(4),
                fillMode: try field.value(5, MediaTiming.FillMode.init(rawValue:)),
                removedOnCompletion: try field.bool(6), parentTime: try field.number(7),
                answer: try field.answer(from: 8), text: text)
        }
    }

    /// How a result differs from a row's exact answer, or `nil` when it agrees.
    static func mismatch(_ result: TimingResult, _ answer: Answer) -> Mismatch? {
        let (phase, iteration, progress) = (answer.phase, answer.iteration, answer.progress)
        if result.phase != phase {
            return Mismatch(kind: .phase, detail: "phase \(result.phase.rawValue), expected \(phase.rawValue)")
        }
        if result.currentIteration != iteration {
            return Mismatch(kind: .iteration, detail: "iteration \(describe(result.currentIteration)), expected "
                                                    + describe(iteration))
        }
        switch (result.directedProgress, progress) {
        case (nil, nil):
            return nil
        case let (actual?, expected?):
            let error = abs(actual - expected)
            guard !(error <= progressTolerance) else { return nil }
            return Mismatch(kind: error > 1e-9 ? .progress : .progressRounding,
                            detail: "directed progress \(actual), expected \(expected) (off by \(error))")
        case let (actual, expected):
            return Mismatch(kind: .resolution, detail: "directed progress \(describe(actual)), expected "
                                                     + describe(expected))
        }
    }

    struct Mismatch {
        enum Kind: String, CaseIterable {
            case phase, iteration
            case resolution = "progress null on one side"
            case progress = "progress off by > 1e-9"
            case progressRounding = "progress off by (1e-15, 1e-9]"
        }

        let kind: Kind
        let detail: String
    }

    private static func describe(_ value: Double?) -> String {
        guard let value else { return "null" }
        return value == .infinity ? "inf" : "\(value)"
    }

    private struct Fields {
        let file: String
        let text: String
        let fields: [String]

        func number(_ index: Int) throws -> Double {
            if fields[index] == "inf" { return .infinity }
            guard let value = Double(fields[index]), value.isFinite else {
                throw BadRow(file: file, row: text, problem: "bad number '\(fields[index])'")
            }
            return value
        }

        func optionalNumber(_ index: Int) throws -> Double? {
            fields[index] == "null" ? nil : try number(index)
        }

        func bool(_ index: Int) throws -> Bool {
            switch fields[index] {
            case "true": return true
            case "false": return false
            default: throw BadRow(file: file, row: text, problem: "bad boolean '\(fields[index])'")
            }
        }

        /// The answer in columns `index`, `index + 1` and `index + 2`.
        func answer(from index: Int) throws -> Answer {
            Answer(phase: try value(index, TimingResult.Phase.init(rawValue:)), iteration: try optionalNumber(index + 1),
                   progress: try optionalNumber(index + 2))
        }

        func value<T>(_ index: Int, _ make: (String) -> T?) throws -> T {
            guard let value = make(fields[index]) else {
                throw BadRow(file: file, row: text, problem: "bad value '\(fields[index])'")
            }
            return value
        }
    }
}

/// Holds the scalar timing path (`EffectTiming.evaluate(at:)`, `MediaTiming.evaluate(parentTime:)`) to the exact
/// oracle: same phase, same current iteration, directed progress within 1e-15 of the exact value, on every row.
final class ExactTimingVectorTests: XCTestCase {
    /// One failure for all disagreeing rows: counts by kind, then the first 20 rows quoted.
    private func report(_ failures: [(row: String, mismatch: ExactTimingVectors.Mismatch)], of count: Int,
                        in file: String, extra: String = "", line: UInt = #line) {
        guard !failures.isEmpty else { return }
        let kinds = ExactTimingVectors.Mismatch.Kind.allCases.compactMap { kind -> String? in
            let n = failures.filter { $0.mismatch.kind == kind }.count
            return n == 0 ? nil : "\(kind.rawValue): \(n)"
        }
        let first = failures.prefix(20).map { "  \($0.row)  →  \($0.mismatch.detail)" }
        XCTFail("""
            \(failures.count) of \(count) rows of \(file) disagree with the exact oracle \
            (\(kinds.joined(separator: ", ")))\(extra). First \(first.count):
            \(first.joined(separator: "\n"))
            """, line: line)
    }

    func testWebAnimationsMatchesTheExactOracle() throws {
        let rows = try ExactTimingVectors.webAnimationsRows()
        XCTAssertGreaterThanOrEqual(rows.count, 2000)
        var failures: [(row: String, mismatch: ExactTimingVectors.Mismatch)] = []
        for row in rows {
            let result = try row.timing().evaluate(at: row.time)
            if let mismatch = ExactTimingVectors.mismatch(result, row.answer) {
                failures.append((row.text, mismatch))
            }
        }
        report(failures, of: rows.count, in: "web-animations-exact.csv")
    }

    func testCoreAnimationMatchesTheExactOracle() throws {
        let rows = try ExactTimingVectors.coreAnimationRows()
        XCTAssertGreaterThanOrEqual(rows.count, 2000)
        XCTAssertGreaterThanOrEqual(rows.filter(\.isKernelSubset).count, 1000)
        var failures: [(row: String, mismatch: ExactTimingVectors.Mismatch)] = []
        var kernelFailures = 0
        for row in rows {
            let result = try row.timing().evaluate(parentTime: row.parentTime)
            if let mismatch = ExactTimingVectors.mismatch(result, row.answer) {
                failures.append((row.text, mismatch))
                kernelFailures += row.isKernelSubset ? 1 : 0
            }
        }
        report(failures, of: rows.count, in: "core-animation-exact.csv",
               extra: "; \(kernelFailures) of \(rows.filter(\.isKernelSubset).count) in the kernel subset")
    }
}
