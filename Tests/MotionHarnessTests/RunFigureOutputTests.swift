import Foundation
@testable import MotionHarness
import MotionOutput
@testable import MotionSupport
import XCTest

/// The run figures' outputs (table, markdown, JSON, CSV and the bmf, github-benchmark, influx and junit exports) of
/// two fixed runs, compared with the text the renderers produced before the figures were declared in one registry
/// (`RunFigureOutputExpected`): moving a figure's declaration must not move a byte of any output.
final class RunFigureOutputTests: XCTestCase {
    /// A fixed machine, so that the text does not depend on where the test runs.
    static let machine = MachineInfo(cpu: "Test CPU", cpuSignature: "TestVendor family 1 model 2", cores: 4,
                                     memoryBytes: 8 << 30, system: "Test OS")

    /// A flagged row's noise, decoded from its JSON form.
    static func noise(flagged: Bool) throws -> FrameNoise {
        let text = """
            {"notRunningShare": \(flagged ? 0.125 : 0.01), "preemptedFrames": \(flagged ? 9 : 1), "slowedFrames": \(flagged ? 4 : 0), "frames": 30,
             "loadAverage": {"start": 1.5, "end": \(flagged ? 6.25 : 1.75)},
             "framesBehindP99": [{"pass": 1, "frame": 7, "ms": 2.5, "runningShare": 0.5, "involuntarySwitches": 3}],
             "flagged": \(flagged), \(flagged ? "\"reason\": \"threads not running 12.5% of the frame time\"" : "\"reason\": null")}
            """
        return try JSONDecoder().decode(FrameNoise.self, from: Data(text.utf8))
    }

    /// Two runs: `repeated` (two rows, three passes, one with the shared timeline and one whose stream bound is left
    /// out) and `disturbed` (one row of one pass over 30 frames, flagged, verified).
    static func runs() throws -> [(name: String, results: [HarnessResult])] {
        RunFigureFixture.runs(quiet: try noise(flagged: false), flagged: try noise(flagged: true))
    }

    /// Every output of `results`, by format name.
    static func outputs(_ results: [HarnessResult]) throws -> [(format: String, text: String)] {
        let report = HarnessRunReport(results: results, machine: machine, details: true)
        let metrics = report.exportMetrics, context = ExportContext(tags: ["machine": "test"], timestampNanoseconds: 42)
        return [("table", report.tableText()), ("markdown", report.markdownText()),
                ("json", try report.jsonDocument(metadata: nil)), ("csv", report.csvText()),
                ("bmf", try BMF.render(metrics, context)), ("github-benchmark", try GitHubBenchmark.render(metrics, context)),
                ("influx", InfluxLineProtocol.render(metrics, context)), ("junit", JUnit.render(metrics, context))]
    }

    func testEveryOutputIsAsBeforeTheRegistry() throws {
        for run in try Self.runs() {
            for (format, text) in try Self.outputs(run.results) {
                let key = "\(run.name) \(format)"
                // The disturbed run's budget line names this machine's cores; the recorded text has 4.
                let text = text.replacingOccurrences(of: "on \(MachineInfo.current.cores) cores)", with: "on 4 cores)")
                let expected = try XCTUnwrap(RunFigureOutputExpected.text[key], key)
                XCTAssertEqual(text, expected, key)
            }
        }
    }
}
