import Foundation
import MotionCore
@testable import MotionReports
import XCTest

/// Samples files whose errors are known by construction: outputs are exact answers known in closed form (an identity
/// curve, steps(), a critically damped spring) plus perturbations the test sets, so every figure of the report is known
/// before it runs.
final class MeasuredSamplesTests: XCTestCase {
    /// y = x exactly (x1 = y1 and x2 = y2 make the Bézier the identity).
    let identity = "cubic-bezier(0.3, 0.3, 0.7, 0.7)"
    /// Progress of spring(mass: 1, stiffness: 100, damping: 20): critical, ω = 10, 1 − e^(−10t)(1 + 10t).
    let spring = "spring(mass: 1, stiffness: 100, damping: 20)"
    func criticalProgress(_ t: Double) -> Double { 1 - exp(-10 * t) * (1 + 10 * t) }
    func criticalVelocity(_ t: Double) -> Double { 100 * t * exp(-10 * t) }

    func csv(_ rows: [String], header: String = "implementation,spec,input,output") -> String {
        ([header] + rows).joined(separator: "\n") + "\n"
    }

    /// The identity curve at 101 inputs with errors: 3e-4 at x = 0.37 (the worst), 0.0025 nowhere else, a 5e-5 error
    /// at ten inputs, a 2e-5 error at ten more, and two decreases.
    func identityRows(implementation: String = "engine") -> (rows: [String], errors: [Double]) {
        var errors = [Double](repeating: 0, count: 101)
        for index in 10..<20 { errors[index] = 5e-5 }       // beyond 0.01° (2.78e-5), within 0.1 px (1e-4)
        for index in 50..<60 { errors[index] = -2e-5 }      // within every threshold
        errors[37] = 3e-4                                   // beyond 0.1 px, within half an alpha step
        errors[80] = -0.011                                 // beyond every threshold: and a decrease at 80
        let rows = (0...100).map { index -> String in
            let x = Double(index) / 100
            return "\(implementation),\"\(identity)\",\(x),\(x + errors[index])"
        }
        return (rows, errors)
    }

    func testKnownErrorsGiveEveryFigure() throws {
        let (rows, errors) = identityRows()
        let samples = try MeasuredSamplesReader.read(csv(rows), file: "known.csv")
        XCTAssertEqual(samples.count, 101)
        let study = MeasuredStudy.run(samples, files: ["known.csv"])
        let row = try XCTUnwrap(study.implementations.first)
        XCTAssertEqual(study.implementations.count, 1)
        XCTAssertEqual(row.label, "engine")
        let s = row.overall
        XCTAssertEqual(s.samples, 101)
        XCTAssertEqual(s.maxAbsError, 0.011, accuracy: 1e-15)
        XCTAssertEqual(s.worst.input, 0.8)
        XCTAssertEqual(s.worst.spec, identity)
        XCTAssertEqual(s.worst.exact, 0.8, accuracy: 1e-15)
        let expectedMean = errors.map(abs).reduce(0, +) / 101
        XCTAssertEqual(s.meanAbsError, expectedMean, accuracy: 1e-15)
        // Shares: 1 sample beyond half an alpha step; 2 beyond 0.1 px (0.011, 3e-4); 12 beyond 0.01° (+ ten 5e-5).
        XCTAssertEqual(s.beyondThresholds[0], 1.0 / 101, accuracy: 1e-15)
        XCTAssertEqual(s.beyondThresholds[1], 2.0 / 101, accuracy: 1e-15)
        XCTAssertEqual(s.beyondThresholds[2], 12.0 / 101, accuracy: 1e-15)
        // 0.8 − 0.011 is below 0.79 (the sample before it): one decrease; every other step still increases.
        XCTAssertEqual(s.monotonicityViolations, 1)
        // The largest error in ulps is the 0.011 at the exact answer 0.8.
        XCTAssertEqual(s.maxFloat32Ulps, 0.011 / Double(Float(0.8).ulp), accuracy: 1e-6 * 0.011 / Double(Float(0.8).ulp))
        XCTAssertEqual(s.maxFloat64Ulps, 0.011 / (0.8).ulp, accuracy: 1e-6 * 0.011 / (0.8).ulp)
        XCTAssertNil(s.maxVelocityError)
        XCTAssertNil(row.perSpec.first?.statistics.settling)
        // The report prints the largest error to its two digits and where it is.
        let text = AccuracyRenderer.measuredMarkdown(study)
        XCTAssertTrue(text.contains("| engine | measured | 101 | 0.011 |"), text)
        XCTAssertTrue(text.contains("\(identity) at x = 0.8"), text)
        XCTAssertTrue(text.contains("| 0.99% | 1.98% | 11.88% |"), text)
    }

    func testSpringVelocityAndImpliedSettling() throws {
        // 1.5 s at 100 Hz; the exact critical spring is within 0.001 of the target from about 0.93 s on. The engine is
        // exact but holds at most 0.99 until t = 1 s, so its samples imply settling at 1.01 s.
        var rows: [String] = []
        let times = (1...150).map { Double($0) / 100 }
        for t in times {
            let output = t <= 1 ? min(criticalProgress(t), 0.99) : criticalProgress(t)
            let velocity = criticalVelocity(t) + (t == 0.25 ? 0.125 : 0)
            rows.append("engine,\"\(spring)\",\(t),\(output),\(velocity)")
        }
        let samples = try MeasuredSamplesReader.read(csv(rows, header: "implementation,spec,input,output,velocity"), file: "s.csv")
        let study = MeasuredStudy.run(samples, files: ["s.csv"])
        let statistics = try XCTUnwrap(study.implementations.first?.perSpec.first?.statistics)
        XCTAssertEqual(study.springSpecs, [spring])
        XCTAssertTrue(AccuracyRenderer.measuredMarkdown(study).contains("\(spring) at t = "), "a spring's worst place is a time")
        let exactSettle = try XCTUnwrap(times.first { t in times.filter { $0 >= t }.allSatisfy { abs(1 - criticalProgress($0)) < 0.001 } })
        XCTAssertEqual(statistics.settling?.exact, exactSettle)
        XCTAssertEqual(statistics.settling?.measured, 1.01)
        XCTAssertEqual(try XCTUnwrap(statistics.settling?.error), 1.01 - exactSettle, accuracy: 1e-12)
        XCTAssertEqual(try XCTUnwrap(statistics.maxVelocityError), 0.125, accuracy: 1e-12)
        XCTAssertNil(statistics.monotonicityViolations, "a spring is not monotone, so decreases are not counted")
        let worstTime = try XCTUnwrap(times.filter { $0 <= 1 }.max { (criticalProgress($0) - min(criticalProgress($0), 0.99))
            < (criticalProgress($1) - min(criticalProgress($1), 0.99)) })
        XCTAssertEqual(statistics.worst.input, worstTime)
        XCTAssertEqual(statistics.maxAbsError, criticalProgress(worstTime) - 0.99, accuracy: 1e-14)
    }

    func testStepsAreExactAndDurationsAreSeparateRows() throws {
        // steps(4, jump-end): floor(4x)/4 on [0, 1), 1 at 1. One engine at two durations: exact at 1 s, a 0.25 error
        // at one input at 10 s.
        var rows: [String] = []
        for duration in [1.0, 10.0] {
            for index in 0...20 {
                let x = Double(index) / 20
                let exact = index == 20 ? 1 : (4 * x).rounded(.down) / 4
                let output = duration == 10 && index == 7 ? exact + 0.25 : exact
                rows.append("engine,\"steps(4, jump-end)\",\(x),\(output),\(duration)")
            }
        }
        let samples = try MeasuredSamplesReader.read(csv(rows, header: "implementation,spec,input,output,duration"), file: "d.csv")
        let study = MeasuredStudy.run(samples, files: ["d.csv"])
        XCTAssertEqual(study.implementations.map(\.label), ["engine @ 1 s", "engine @ 10 s"])
        XCTAssertEqual(study.implementations[0].overall.maxAbsError, 0)
        XCTAssertEqual(study.implementations[0].overall.monotonicityViolations, 0)
        XCTAssertEqual(study.implementations[1].overall.maxAbsError, 0.25)
        XCTAssertEqual(study.implementations[1].overall.worst.input, 0.35)
        XCTAssertEqual(study.implementations[1].overall.monotonicityViolations, 1)
        XCTAssertTrue(study.ports.isEmpty, "no cubic Bézier in the file, so no port runs")
    }

    func testPortDistanceFromTheEngineItModels() throws {
        // An engine named chromium whose outputs are the chromium port's, but one input moved by 1e-6.
        let port = BezierStrategy.chromium.make(try CubicBezier(x1: 0.25, y1: 0.1, x2: 0.25, y2: 1))
        let rows = (0...50).map { index -> String in
            let x = Double(index) / 50
            return "chromium 999.0,ease,\(x),\(port(x) + (index == 21 ? 1e-6 : 0))"
        }
        let study = MeasuredStudy.run(try MeasuredSamplesReader.read(csv(rows), file: "c.csv"), files: ["c.csv"])
        let distance = try XCTUnwrap(study.distances.first { $0.strategy == "chromium" })
        XCTAssertEqual(study.distances.map(\.strategy), ["chromium"], "only the port of chromium is compared")
        XCTAssertEqual(distance.implementation, "chromium 999.0")
        XCTAssertEqual(distance.samples, 51)
        XCTAssertEqual(distance.identical, 50)
        XCTAssertEqual(distance.maxDifference, 1e-6, accuracy: 1e-15)
        XCTAssertEqual(distance.worst.input, 0.42)
        XCTAssertEqual(Set(study.ports.map(\.name)), Set(BezierStrategy.all().map(\.name)))
        XCTAssertTrue(AccuracyRenderer.distanceSentence(distance).hasPrefix("chromium strategy vs chromium 999.0: largest difference 1e-06"))
    }

    func testALargeCaptureOfOneCurve() throws {
        // 150,001 samples of one curve from an engine named chromium: each port is made once per spec (a closure stored
        // back into a dictionary per sample once grew a thunk chain as long as the file and overflowed the stack).
        let port = BezierStrategy.chromium.make(.ease)
        let samples = (0...150_000).map { index -> MeasuredSample in
            let x = Double(index) / 150_000
            return MeasuredSample(implementation: "chromium 1", duration: nil, specText: "ease",
                                  spec: .timingFunction(.cubicBezier(.ease)), input: x, output: port(x), velocity: nil,
                                  source: "generated")
        }
        let study = MeasuredStudy.run(samples, files: ["generated"], strategies: { _ in [BezierStrategy.chromium] })
        XCTAssertEqual(study.distances.first?.samples, 150_001)
        XCTAssertEqual(study.distances.first?.identical, 150_001)
        XCTAssertEqual(study.implementations.first?.overall.samples, 150_001)
        XCTAssertLessThan(try XCTUnwrap(study.implementations.first?.overall.maxAbsError), 1e-6)
    }

    func testQuotedFieldsAndCRLF() throws {
        let text = "implementation,spec,input,output\r\n\"my \"\"fast\"\" engine\",\"cubic-bezier(0.3, 0.3, 0.7, 0.7)\",0.5,0.5\r\n"
        let samples = try MeasuredSamplesReader.read(text, file: "q.csv")
        XCTAssertEqual(samples.map(\.implementation), ["my \"fast\" engine"])
        XCTAssertEqual(samples.first?.output, 0.5)
    }

    /// One rule per column: an engine that computes exactly what the chromium port computes, searched as
    /// `accuracy --engine` searches (a grid, then rounds), gets the port's figures in every column: the samples, the
    /// worst error, the grid and the shares beyond each visible threshold (both over the grid).
    func testAnEngineEqualToTheChromiumPortHasThePortsFigures() throws {
        // webkit-2008 as well, whose grid errors pass half an 8-bit step, so that equal shares are not both zero.
        for name in ["chromium", "webkit-2008"] {
            let strategy = try XCTUnwrap(BezierStrategy.all().first { $0.name == name })
            var samples: [MeasuredSample] = []
            for (_, curve) in AccuracyStudy.hardCurves + CubicBezier.applePresets {
                let spec = MotionSpec.timingFunction(.cubicBezier(curve))
                let trace = WorstCaseSearch.run(spec: spec, grid: WorstCaseSearch.evenGrid(101), budget: SearchBudget(rounds: 3),
                                                evaluate: strategy.make(curve))
                samples += trace.samples.map {
                    MeasuredSample(implementation: "\(name)-like (engine)", specText: spec.description, spec: spec,
                                   input: $0.input, output: $0.output, round: $0.round, source: "engine (round \($0.round))")
                }
            }
            let study = MeasuredStudy.run(samples, files: ["engine"])
            let engine = try XCTUnwrap(study.implementations.first), port = try XCTUnwrap(study.ports.first { $0.name == name })
            XCTAssertEqual(engine.overall.samples, port.overall.samples, name)
            XCTAssertEqual(engine.overall.maxAbsError, port.overall.maxAbsError, name)
            XCTAssertEqual(engine.overall.grid?.samples, port.overall.grid?.samples, name)
            XCTAssertEqual(engine.overall.grid?.samples, 101 * (AccuracyStudy.hardCurves.count + 5), name)
            XCTAssertEqual(engine.overall.beyondThresholds, port.overall.beyondThresholds, name)
            XCTAssertEqual(engine.overall.meanAbsError, port.overall.meanAbsError, name)
            if name == "webkit-2008" { XCTAssertGreaterThan(engine.overall.beyondThresholds[0], 0) }
            for ((spec, mine), (portSpec, theirs)) in zip(engine.perSpec, port.perSpec) {
                XCTAssertEqual(spec, portSpec)
                XCTAssertEqual(mine.beyondThresholds, theirs.beyondThresholds, "\(name) \(spec)")
                XCTAssertEqual(mine.samples, theirs.samples, "\(name) \(spec)")
            }
        }
    }

    /// A line that starts with `#` is a comment (the shipped browser captures open with six), counted as a line.
    func testCommentLinesAreSkippedAndCounted() throws {
        let text = "# captured by hand, \"quoted\", with commas\nimplementation,spec,input,output\n# a,b,c\nmine,ease,0.5,0.8\n"
            + "# the last\nmine,ease,2,0.9\n"
        XCTAssertThrowsError(try MeasuredSamplesReader.read(text, file: "c.csv")) { error in
            XCTAssertTrue("\(error)".contains("line 6"), "\(error)")
        }
        let samples = try MeasuredSamplesReader.read(text.replacingOccurrences(of: ",2,0.9", with: ",1,1"), file: "c.csv")
        XCTAssertEqual(samples.map(\.input), [0.5, 1])
        XCTAssertEqual(samples.map(\.source), ["c.csv:4", "c.csv:6"])
        let shipped = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../data/vectors/browser-easing-captures.csv").path
        var set = MeasuredSampleSet()
        try MeasuredSamplesReader.read(contentsOf: shipped, into: &set)
        XCTAssertEqual(set.count, 630)
    }

    func testBadFilesNameTheLineAndColumn() {
        let cases: [(text: String, line: Int?, column: String?, fragment: String)] = [
            ("", nil, nil, "is empty"),
            ("implementation,spec,input,output\n", 1, nil, "no samples"),
            ("implementation,spec,input\ne,ease,0.5\n", 1, "output", "missing"),
            ("implementation,spec,input,output,colour\ne,ease,0.5,0.5,red\n", 1, "colour", "not a column"),
            ("implementation,spec,input,output\ne,ease,0.5,0.8\ne,wobble(3),0.5,0.8\n", 3, "spec", "wobble"),
            ("implementation,spec,input,output\ne,ease,0.5,nan\n", 2, "output", "not a finite number"),
            ("implementation,spec,input,output\ne,ease,0.5,1e999\n", 2, "output", "not a finite number"),
            ("implementation,spec,input,output\ne,ease,half,0.8\n", 2, "input", "not a number"),
            ("implementation,spec,input,output\ne,ease,1.5,0.8\n", 2, "input", "outside [0, 1]"),
            ("implementation,spec,input,output\ne,\"spring(1 100 20 0)\",-1,0.8\n", 2, "input", "negative"),
            ("implementation,spec,input,output\ne,cubic-bezier(0.3, 0.3, 0.7, 0.7),0.5,0.5\n", 2, nil, "double quotes"),
            ("implementation,spec,input,output\n,ease,0.5,0.8\n", 2, "implementation", "empty"),
            ("implementation,spec,input,output\ne,ease,0.5\n", 2, nil, "a field is missing"),
            ("implementation,spec,input,output\ne\u{1b}[2J,ease,0.5,0.8\n", 2, "implementation", "control character"),
            ("implementation,spec,input,output,velocity\ne,ease,0.5,0.8,-2e200\n", 2, "velocity", "beyond ±1e200"),
            ("implementation,spec,input,output,duration\ne,ease,0.5,0.8,0\n", 2, "duration", "> 0"),
            ("implementation,spec,input,output\ne,\"ease,0.5,0.8\n", 2, nil, "never closed"),
        ]
        for item in cases {
            XCTAssertThrowsError(try MeasuredSamplesReader.read(item.text, file: "bad.csv"), item.fragment) { error in
                guard let error = error as? MeasuredSamplesError else { return XCTFail("\(type(of: error))") }
                XCTAssertEqual(error.line, item.line, "\(item.text): \(error)")
                XCTAssertEqual(error.column, item.column, "\(item.text): \(error)")
                XCTAssertTrue(error.description.contains(item.fragment), "\(item.text): \(error)")
                XCTAssertTrue(error.description.hasPrefix("bad.csv"), "\(error)")
            }
        }
    }

    func testEveryFormatCarriesTheMeasuredRows() throws {
        let (rows, _) = identityRows(implementation: "chromium 1.0")
        var report = try AccuracyStudy.run(curves: [("ease", CubicBezier.ease)], samples: 11, springs: [], rate: 60, seconds: 0.1)
        report.measured = MeasuredStudy.run(try MeasuredSamplesReader.read(csv(rows), file: "m.csv"), files: ["m.csv"])
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(report.jsonDocument(metadata: nil).utf8)) as? [String: Any])
        let measured = try XCTUnwrap(json["measured"] as? [String: Any])
        let implementations = try XCTUnwrap(measured["implementations"] as? [[String: Any]])
        XCTAssertEqual(implementations.first?["label"] as? String, "chromium 1.0")
        XCTAssertEqual((implementations.first?["overall"] as? [String: Any])?["maxAbsError"] as? Double ?? 0, 0.011, accuracy: 1e-15)
        XCTAssertEqual((measured["portDistances"] as? [[String: Any]])?.first?["port"] as? String, "chromium")
        let csvLines = report.csvText().components(separatedBy: "\r\n")
        let width = csvLines.first?.split(separator: ",", omittingEmptySubsequences: false).count
        XCTAssertTrue(csvLines.contains { $0.hasPrefix("measured,chromium 1.0,all,0.011") }, "\(csvLines.suffix(3))")
        XCTAssertEqual(csvLines.filter { $0.hasPrefix("bezier,") }.first?.split(separator: ",", omittingEmptySubsequences: false).count, width)
        XCTAssertTrue(report.htmlPage(provenance: nil).contains("Measured implementations: absolute error"))
        XCTAssertTrue(report.exportMetrics.contains { $0.benchmark == "measured/chromium 1.0" && $0.measure == "max-abs-error" })
    }
}

/// The in-repo ports held to what the real engines computed (data/vectors/browser-easing-captures.csv, captured with
/// `motionbench capture` from Chromium 156, Firefox 153 and WebKitGTK 2.50): a port that drifts from its engine fails.
final class PortsAgainstCapturesTests: XCTestCase {
    func captures() throws -> [MeasuredSample] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "../../data/vectors/browser-easing-captures.csv")
        return try MeasuredSamplesReader.read(try String(contentsOf: url, encoding: .utf8), file: url.lastPathComponent)
    }

    func testEachPortGivesItsEnginesOutputs() throws {
        let samples = try captures()
        XCTAssertEqual(samples.count, 630)
        let study = MeasuredStudy.run(samples, files: ["browser-easing-captures.csv"])
        let byPort = Dictionary(grouping: study.distances, by: \.strategy)
        // Firefox: bit-identical on every kept sample (seek times that are whole nanoseconds).
        let firefox = try XCTUnwrap(byPort["firefox"]?.first)
        XCTAssertEqual(firefox.samples, 210)
        XCTAssertEqual(firefox.identical, 210, AccuracyRenderer.distanceSentence(firefox))
        // Chromium and WebKit: within a few ulps of progress (their inputs come back from a time in microseconds).
        for port in ["chromium", "webkit"] {
            let distance = try XCTUnwrap(byPort[port]?.first, port)
            XCTAssertEqual(distance.samples, 210)
            XCTAssertLessThan(distance.maxDifference, 1e-14, AccuracyRenderer.distanceSentence(distance))
        }
        // The SMIL key spline is not Firefox's CSS easing, and the 2008 WebKit solver is not today's WebKit.
        XCTAssertNil(byPort["firefox-smil"])
        XCTAssertGreaterThan(try XCTUnwrap(byPort["webkit-2008"]?.first).maxDifference, 1e-3)
        let smil = BezierStrategy.firefoxSMIL
        let far = samples.filter { $0.implementation.hasPrefix("firefox") }.compactMap { sample in
            sample.spec.cubicBezier.map { abs(smil.make($0)(sample.input) - sample.output) }
        }.max() ?? 0
        XCTAssertGreaterThan(far, 1e-5, "firefox-smil is documented as far from Firefox's CSS easing")
    }
}

/// Hostile samples files: every mutation of a valid file is either refused with a `MeasuredSamplesError` or measured
/// with finite figures, never a crash, a NaN or an infinity.
final class HostileSamplesTests: XCTestCase {
    func testMutatedFilesAreRefusedOrMeasuredFinitely() throws {
        let valid = """
            implementation,spec,input,output,velocity,duration
            e|1,"cubic-bezier(0.7, -0.5, 0.3, 1.5)",0.25,0.1,1.5,1
            e|1,"spring(mass: 1, stiffness: 100, damping: 10)",0.5,0.99,0.1,
            e|1,"steps(4, jump-both)",0.5,0.6,,
            e|1,"linear(0, 0.25 75%, 1)",1,1,0,2
            """
        let pieces = ["1e200", "-1e201", "1e300", "1e-320", "nan", "inf", "\"", ",", "\n", "\u{1b}[31m", "|", "", "0x10", "-0",
                      "cubic-bezier(0, 1e308, 1, -1e308)", "spring(1 1e-9 1e9 0)", "steps(1e9)", "9e15", " ", "1.5"]
        var random = SplitMix64(seed: 2026)
        var refused = 0, measured = 0
        for _ in 0..<1500 {
            var scalars = Array(valid.unicodeScalars)
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                let at = Int.random(in: 0..<scalars.count, using: &random)
                let length = min(Int.random(in: 0...6, using: &random), scalars.count - at)
                let piece = pieces[Int.random(in: 0..<pieces.count, using: &random)]
                scalars.replaceSubrange(at..<(at + length), with: piece.unicodeScalars)
            }
            let text = String(String.UnicodeScalarView(scalars))
            let samples: [MeasuredSample]
            do {
                samples = try MeasuredSamplesReader.read(text, file: "fuzz.csv")
            } catch {
                // `read` throws only MeasuredSamplesError (typed throws): a refusal with a message.
                XCTAssertTrue(error.description.hasPrefix("fuzz.csv"), error.description)
                refused += 1
                continue
            }
            measured += 1
            let study = MeasuredStudy.run(samples, files: ["fuzz.csv"])
            for row in study.implementations + study.ports {
                XCTAssertFalse(row.label.unicodeScalars.contains { $0.properties.generalCategory == .control })
                for statistics in [row.overall] + row.perSpec.map(\.statistics) {
                    let figures = [statistics.maxAbsError, statistics.meanAbsError, statistics.maxFloat32Ulps,
                                   statistics.maxFloat64Ulps, statistics.maxVelocityError ?? 0] + statistics.beyondThresholds
                    XCTAssertTrue(figures.allSatisfy(\.isFinite), "\(text)\n\(figures)")
                }
            }
            XCTAssertFalse(AccuracyRenderer.measuredMarkdown(study).isEmpty)
        }
        XCTAssertGreaterThan(refused, 100)
        XCTAssertGreaterThan(measured, 20)
    }
}

/// Samples files from a search (a `round` column) and with effective inputs, and the blind spots of fixed samples.
final class SearchedSamplesTests: XCTestCase {
    let identity = "cubic-bezier(0.3, 0.3, 0.7, 0.7)"

    func testRoundsSeparateTheGridFromTheSearch() throws {
        // The grid (round 0) is exact; round 2 found an error of 0.01 at 0.4321 and a decrease after it.
        var rows = (0...10).map { "e,\"\(identity)\",\(Double($0) / 10),\(Double($0) / 10),0" }
        rows += ["e,\"\(identity)\",0.4321,0.4421,2", "e,\"\(identity)\",0.4322,0.4322,2"]
        let text = (["implementation,spec,input,output,round"] + rows).joined(separator: "\n") + "\n"
        let samples = try MeasuredSamplesReader.read(text, file: "searched.csv")
        XCTAssertEqual(samples.map(\.round), Array(repeating: 0, count: 11) + [2, 2])
        let row = try XCTUnwrap(MeasuredStudy.run(samples, files: ["searched.csv"]).implementations.first)
        XCTAssertEqual(row.overall.maxAbsError, 0.01, accuracy: 1e-15)
        XCTAssertEqual(row.overall.grid?.maxAbsError, 0)
        XCTAssertEqual(row.overall.grid?.monotonicityViolations, 0)
        XCTAssertEqual(row.overall.monotonicityViolations, 1)
        XCTAssertEqual(row.overall.search?.rounds, 2)
        XCTAssertEqual(row.overall.search?.worstRound, 2)
        XCTAssertEqual(row.overall.meanAbsError, 0, "the mean is over the grid")
        XCTAssertEqual(row.overall.beyondThresholds.first, 0, "shares are over the grid")
        XCTAssertTrue(AccuracyRenderer.statisticsCells(row.overall).contains("0 → 0.01"))
        XCTAssertTrue(AccuracyRenderer.statisticsCells(row.overall).contains("0 → 1"))
    }

    func testEffectiveInputsFeedThePortsAndSeparateTimeRoundingFromTheEasing() throws {
        // An engine named chromium that rounds its time: asked for 0.3000004 it evaluated the easing at 0.3 exactly.
        let port = BezierStrategy.chromium.make(.ease)
        let rows = [(0.3000004, 0.3), (0.5, 0.5), (0.7, 0.7)].map { requested, effective in
            "chromium 1,ease,\(requested),\(port(effective)),\(effective)"
        }
        let text = (["implementation,spec,input,output,effective_input"] + rows).joined(separator: "\n") + "\n"
        let samples = try MeasuredSamplesReader.read(text, file: "shifted.csv")
        let study = MeasuredStudy.run(samples, files: ["shifted.csv"], strategies: { _ in [BezierStrategy.chromium] })
        XCTAssertEqual(study.distances.first?.identical, 3, "the port is fed the engine's effective input")
        let overall = try XCTUnwrap(study.implementations.first?.overall)
        XCTAssertEqual(overall.maxInputShift ?? 0, 4e-7, accuracy: 1e-15)
        XCTAssertLessThan(overall.maxEasingError ?? 1, 1e-6, "at its effective input the easing is within its tolerance")
        XCTAssertGreaterThan(overall.maxAbsError, 1e-7, "at the requested input the time rounding shows")
        XCTAssertThrowsError(try MeasuredSamplesReader.read("implementation,spec,input,output,effective_input\ne,ease,0.5,0.5,2\n",
                                                            file: "bad.csv")) { error in
            XCTAssertTrue("\(error)".contains("effective_input"), "\(error)")
        }
        XCTAssertThrowsError(try MeasuredSamplesReader.read("implementation,spec,input,output,round\ne,ease,0.5,0.5,-1\n",
                                                            file: "bad.csv")) { error in
            XCTAssertTrue("\(error)".contains("round"), "\(error)")
        }
    }

    func testFixedSamplesSayWhereTheyLeaveRoom() throws {
        // Exact outputs of ease-in at 11 inputs: the worst error is 0, so every interval leaves room; the first is named.
        let curve = CubicBezier.easeIn
        let rows = (0...10).map { "e,ease-in,\(Double($0) / 10),\(curve.value(at: Double($0) / 10))" }
        let samples = try MeasuredSamplesReader.read((["implementation,spec,input,output"] + rows).joined(separator: "\n") + "\n",
                                                     file: "coarse.csv")
        let study = MeasuredStudy.run(samples, files: ["coarse.csv"], strategies: { _ in [] })
        let spot = try XCTUnwrap(study.implementations.first?.overall.blindSpot)
        XCTAssertEqual(spot.from, 0)
        XCTAssertEqual(spot.to, 0.1)
        XCTAssertEqual(spot.intervals, 10)
        XCTAssertTrue(AccuracyRenderer.measuredNotes(study).contains("leave room for a larger error"))
        // Adjacent doubles leave no room, however steep the curve.
        let adjacent = [0.5, 0.5.nextUp].map { "e,\"cubic-bezier(1,0,0,1)\",\($0),\(0.5)" }
        let tight = try MeasuredSamplesReader.read((["implementation,spec,input,output"] + adjacent).joined(separator: "\n") + "\n",
                                                   file: "tight.csv")
        XCTAssertNil(MeasuredStudy.run(tight, files: ["tight.csv"], strategies: { _ in [] }).implementations.first?.overall.blindSpot)
    }

    func testUnsupportedSpecsAreReported() {
        var study = MeasuredStudy.run([], files: [], strategies: { _ in [] })
        study.unsupported = [("my-engine (engine)", "steps(4, jump-end)", "steps() is not supported")]
        XCTAssertTrue(AccuracyRenderer.measuredNotes(study).contains("my-engine (engine) could not evaluate steps(4, jump-end)"))
    }
}
