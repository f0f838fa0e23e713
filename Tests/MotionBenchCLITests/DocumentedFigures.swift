import Foundation
import MotionCapture
import MotionCore
import MotionGate
import MotionReports
import MotionSupport
@testable import motionbench
import XCTest

/// Figures in the docs that state what the code does by default, checked against the code so that they cannot go stale.
///
/// The convention (docs/extending.md, "Figures in the docs"): in README.md or docs/*.md, a figure is followed directly,
/// with no space, by an HTML comment `<!--figure:KEY-->`, e.g. `17<!--figure:capture.curves--> curves` or
/// `51,051<!--figure:capture.default-samples-->`; the comment is invisible in rendered Markdown. The figure is the run
/// of digits (thousands separated by commas in groups of three, or no separators; an optional decimal part) just
/// before the comment; a unit or `%` goes after the comment. Markers go in prose only: a comment in a code block or
/// code span would show literally, so markers in those are not read (they are examples of the syntax). KEY is
/// lowercase words joined by `.` and `-`, and must be in `DocumentedFigures.registry`, whose every key must be used.
enum DocumentedFigures {
    /// Every key a doc may use, with its value computed from the code: the commands' own defaults (each command parsed
    /// with no options, so the value is the one the command uses) and the modules' constants.
    static func registry() throws -> [String: Double] {
        let capture = try CaptureCommand.parse(["chromium"])
        let captureSpecs = try capture.curveSpecs()
        let capturePlan = try CapturePlan(specs: captureSpecs, inputs: CapturePlan.evenlySpaced(capture.samples),
                                          durations: try capture.durationList())
        let accuracy = try AccuracyCommand.parse([])
        let run = try RunCommand.parse([])
        let runLayers = try run.plan().layerCounts()
        let gate = try GateCommand.parse(["--against", "base/motionbench"])
        let engineWorkload = try EngineWorkloadOptions.parse([])
        let compare = try CompareCommand.parse(["a.json", "b.json"])
        let settle = try SettleCommand.parse(["spring(1, 100, 10)"])
        return [
            // motionbench capture
            "capture.curves": Double(captureSpecs.count),
            "capture.samples": Double(capture.samples),
            "capture.durations": Double(capturePlan.durations.count),
            "capture.default-samples": Double(capturePlan.rowCount),
            "capture.timeout": capture.timeout,
            "capture.search-rounds": Double(capture.searchRounds),
            // motionbench accuracy
            "accuracy.curves": Double(try AccuracyCommand.curveList(accuracy.curves).curves.count),
            "accuracy.samples": Double(accuracy.samples),
            "accuracy.springs": Double(accuracy.springs == "default" ? AccuracyStudy.defaultSprings.count : -1),
            "accuracy.search-rounds": Double(accuracy.searchRounds),
            // the worst-case search both use
            "search.inputs-per-round": Double(SearchBudget.accuracyDefault.inputsPerRound),
            "search.capture-inputs-per-round": Double(SearchBudget.captureDefault.inputsPerRound),
            // motionbench run
            "run.layers.largest": Double(try XCTUnwrap(runLayers.max())),
            "run.frames": Double(run.frames),
            "run.rate": run.rate,
            "run.check-budget": Double(run.checkBudget),
            "run.engine-timeout": run.engineTimeout,
            // motionbench compare
            "compare.threshold": try XCTUnwrap(Double(compare.threshold)),
            // motionbench gate and baseline, and the engine workload both take
            "gate.max-increase-percent": try gate.options.instructionIncrease() * 100,
            "gate.warn-from-percent": GateDecision.warningThreshold * 100,
            "gate.max-time-increase-percent": try gate.options.timeIncrease() * 100,
            "gate.rounds": Double(gate.rounds),
            "gate.time-budget": gate.timeBudget,
            "gate.child-timeout": gate.timeout,
            "gate.engine.layers": Double(engineWorkload.layers),
            "gate.engine.frames": Double(engineWorkload.frames),
            // motionbench settle
            "settle.epsilon": settle.epsilon,
            "settle.distance": settle.distance,
            "settle.rate": settle.rate,
        ]
    }
}

/// One marked figure in the docs.
struct DocumentedFigure: Equatable {
    /// The registry key after `figure:`.
    let key: String
    /// The figure as written, e.g. `51,051`.
    let text: String
    /// Its value with the separators removed.
    let value: Double
    /// `file:line`.
    let location: String

    /// A malformed marker or figure, with its location.
    struct Malformed: Error, CustomStringConvertible {
        let description: String
    }

    /// The marker: `<!--figure:KEY-->`.
    static var marker: Regex<(Substring, Substring)> { #/<!--figure:([^>]*?)-->/# }
    /// A key: lowercase words of letters and digits joined by `.` or `-`.
    static var key: Regex<(Substring, Substring?)> { #/[a-z0-9]+([.-][a-z0-9]+)*/# }
    /// A figure: digits with commas between groups of three, or plain digits; then an optional decimal part.
    static var figure: Regex<(Substring, Substring, Substring?, Substring?)> { #/([0-9]{1,3}(,[0-9]{3})+|[0-9]+)(\.[0-9]+)?/# }

    /// Every marked figure in `markdown` (`file` names it in locations and messages).
    /// Fenced code blocks and code spans are skipped.
    /// - Throws: `Malformed` for a marker without a figure right before it, a figure with misplaced separators, or a
    ///   key that is not lowercase words joined by `.` or `-`.
    static func parse(_ markdown: String, file: String) throws -> [DocumentedFigure] {
        var figures: [DocumentedFigure] = []
        var fence: Substring?
        for (index, line) in markdown.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let location = "\(file):\(index + 1)"
            let trimmed = line.drop { $0 == " " }
            if let open = fence {  // a code block shows a marker literally: it is an example, not a figure
                if trimmed.hasPrefix(open) { fence = nil }
                continue
            }
            if trimmed.hasPrefix("```") || trimmed.hasPrefix("~~~") {
                fence = trimmed.prefix { $0 == trimmed.first }
                continue
            }
            // Code spans show a marker literally (an example of the syntax): blank them out before looking.
            let line = line.replacing(#/`[^`]*`/#, with: " ")
            for match in line.matches(of: marker) {
                let key = String(match.output.1)
                guard key.wholeMatch(of: Self.key) != nil else {
                    throw Malformed(description: "\(location): '\(key)' is not a figure key (lowercase words joined by . or -)")
                }
                // The figure: the run of digits, commas and points right before the marker.
                let before = line[..<match.range.lowerBound]
                let run = before.reversed().prefix { $0.isASCII && ($0.isNumber || $0 == "," || $0 == ".") }
                let text = String(run.reversed())
                guard !text.isEmpty else {
                    throw Malformed(description: "\(location): no figure right before <!--figure:\(key)--> (write it with no space)")
                }
                guard text.wholeMatch(of: figure) != nil, let value = Double(text.replacingOccurrences(of: ",", with: "")) else {
                    throw Malformed(description: "\(location): '\(text)' before <!--figure:\(key)--> is not a figure "
                                    + "(digits, commas between groups of three, an optional decimal part)")
                }
                figures.append(DocumentedFigure(key: key, text: text, value: value, location: location))
            }
        }
        return figures
    }

    /// Every marked figure in README.md and docs/*.md, in file order.
    static func all() throws -> [DocumentedFigure] {
        let root = DocumentationExamples.packageRoot
        let docs = root.appendingPathComponent("docs")
        let pages = try FileManager.default.contentsOfDirectory(atPath: docs.path).filter { $0.hasSuffix(".md") }.sorted()
        let files = [root.appendingPathComponent("README.md")] + pages.map { docs.appendingPathComponent($0) }
        return try files.flatMap { file in
            try parse(String(contentsOf: file, encoding: .utf8), file: String(file.path.dropFirst(root.path.count + 1)))
        }
    }
}

final class DocumentedFigureTests: XCTestCase {
    func testEveryMarkedFigureIsTheCodesValueAndEveryKeyIsUsed() throws {
        let registry = try DocumentedFigures.registry()
        let figures = try DocumentedFigure.all()
        XCTAssertFalse(figures.isEmpty, "no <!--figure:KEY--> markers in README.md or docs/")
        for figure in figures {
            guard let expected = registry[figure.key] else {
                XCTFail("\(figure.location): unknown figure key '\(figure.key)'; add it to DocumentedFigures.registry")
                continue
            }
            XCTAssertEqual(figure.value, expected, "\(figure.location): the docs say \(figure.text) for \(figure.key), "
                           + "the code \(formatSpecNumber(expected))")
        }
        let unused = Set(registry.keys).subtracting(figures.map(\.key)).sorted()
        XCTAssertEqual(unused, [], "figure keys no doc uses: \(unused); mark the figure or remove the key")
    }

    func testParsesTheConvention() throws {
        let markdown = """
            A capture has 17<!--figure:a.count--> curves and 51,051<!--figure:a.total--> samples, 1001<!--figure:b-->
            inputs, (default 2<!--figure:c.percent-->%) and 0.001<!--figure:d-->, 1,000 to 1,000,000<!--figure:e.max-->.
            ```text
            17<!--figure:in.a.block--> is an example in a block, not read
            ```
            after the block 3<!--figure:f--> and in a span `4<!--figure:in.a.span-->`, not read
            """
        let figures = try DocumentedFigure.parse(markdown, file: "inline.md")
        XCTAssertEqual(figures.map(\.key), ["a.count", "a.total", "b", "c.percent", "d", "e.max", "f"])
        XCTAssertEqual(figures.map(\.text), ["17", "51,051", "1001", "2", "0.001", "1,000,000", "3"])
        XCTAssertEqual(figures.map(\.value), [17, 51_051, 1001, 2, 0.001, 1_000_000, 3])
        XCTAssertEqual(figures[6].location, "inline.md:6")
        XCTAssertEqual(figures[0].location, "inline.md:1")
        XCTAssertEqual(figures[4].location, "inline.md:2")
    }

    func testRejectsMalformedMarkers() {
        for (markdown, fragment) in [
            ("about 17 <!--figure:a-->", "no figure right before"),
            ("51,05<!--figure:a-->", "'51,05' before"),
            ("1,0001<!--figure:a-->", "is not a figure"),
            ("17<!--figure:Capture Curves-->", "is not a figure key"),
        ] {
            XCTAssertThrowsError(try DocumentedFigure.parse(markdown, file: "bad.md"), markdown) { error in
                XCTAssertTrue("\(error)".contains(fragment), "\(fragment) not in: \(error)")
            }
        }
    }
}
