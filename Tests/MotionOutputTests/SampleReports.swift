import Foundation
import MotionCore
@testable import MotionGate
import MotionHarness
import MotionOutput
import MotionReports
import MotionSupport

/// One small report of every report type a command prints, built through the real code paths, and metadata whose
/// every field carries a marker a test can look for.
enum SampleReports {
    /// A two-row frame-harness run.
    static let run: HarnessRunReport? = (try? Scenario.named("fade")).map { scenario in
        let options = FrameHarness.Options(scenario: scenario, layerCounts: [20, 40], clock: .fixed(rate: 120, frames: 2),
                                           threads: 1, verify: false)
        return HarnessRunReport(results: FrameHarness.run(options), machine: .current)
    }

    /// A tiny accuracy study.
    static let accuracy: AccuracyReport? = try? AccuracyStudy.run(
        curves: [("ease", .ease)], samples: 11, springs: [("default", try Spring())], rate: 60, seconds: 0.1,
        bezierStrategies: [.motionbench, .chromium], springStrategies: [.motionbench, .webKit])

    /// A gate outcome with a failed and a passed workload.
    static let gate = PerformanceGate.Outcome(rows: [
        .init(workload: "bezier-hard", metric: "instructions", unit: "instructions", baseline: 100, current: 103, change: 0.03,
              verdict: .fail, note: "more than 2% more instructions"),
        .init(workload: "springs", metric: "cpu seconds (median)", unit: "s", baseline: 0.5, current: 0.51, change: 0.02,
              verdict: .pass, note: "report only", spread: 0.49...0.53, samples: 5),
    ], notes: ["a note"])

    /// A recorded baseline of two workloads.
    static let baseline = RecordedBaseline(
        baseline: GateBaseline(toolchain: "swift", valgrind: nil, instructionScope: .measuredRegion,
                               machine: .init(cpu: "cpu", cores: 2, memoryBytes: 1 << 30), timestamp: "2026-01-01T00:00:00Z",
                               workloads: ["bezier-hard": .init(instructions: 1000),
                                           "springs": .init(cpuSeconds: .init(median: 0.5, min: 0.4, max: 0.6, samples: 5))]),
        path: "base.json", workloadCount: 2, mode: .both)

    /// The run compared with itself.
    static let comparison: RunComparison? = {
        guard let run, let json = try? ReportFormat.json.render(run) else { return nil }
        return try? RunComparison(a: Data(json.utf8), nameA: "a.json", b: Data(json.utf8), nameB: "b.json", threshold: 0.15)
    }()

    /// convert's and settle's kind of answer.
    static let namedValues = NamedValues([
        .init(name: "mass", value: .number(1), text: "1.0", csv: "1.0"),
        .init(name: "form:uikit", value: .null, text: "none", csv: "none"),
    ], valueColumn: "value", notes: ["form:uikit": "cannot express"])

    /// Every report type with a sample (nil where building the sample failed, which the tests report).
    static var all: [(type: Any.Type, name: String, report: Any?)] {
        [(HarnessRunReport.self, "run", run), (AccuracyReport.self, "accuracy", accuracy),
         (PerformanceGate.Outcome.self, "gate", gate), (RecordedBaseline.self, "baseline", baseline),
         (RunComparison.self, "compare", comparison), (NamedValues.self, "convert/settle", namedValues)]
    }
}

/// Metadata with a marker in every field a format could show, counting how often it was asked for.
final class MarkedMetadata: @unchecked Sendable {
    static let marker = "MARKER-7f3a"
    private(set) var requests = 0

    /// The metadata, counting the request.
    func fetch() -> (any ReportMetadata)? {
        requests += 1
        return Marked()
    }

    struct Marked: ReportMetadata {
        var exportContext: ExportContext { ExportContext(tags: ["version": MarkedMetadata.marker], timestampNanoseconds: 7) }
        var provenance: String { "provenance \(MarkedMetadata.marker)" }
        func encode(to encoder: Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(["tool": MarkedMetadata.marker])
        }
    }
}
