import MotionGate
import Foundation
@testable import MotionHarness
@testable import MotionOutput
import XCTest

/// The one JSON and CSV writer: valid documents whatever the names hold, RFC 4180 quoting, and non-finite numbers
/// as null (JSON) or empty (CSV).
final class OutputWriterTests: XCTestCase {
    func testCSVQuotesCommasQuotesAndLineBreaks() {
        XCTAssertEqual(CSVWriter.record(["plain", "a,b", "say \"hi\"", "two\nlines", "cr\rhere"]),
                       "plain,\"a,b\",\"say \"\"hi\"\"\",\"two\nlines\",\"cr\rhere\"\r\n")
        XCTAssertEqual(CSVWriter.record([.number(.infinity), .number(.nan), .number(0.5), .null, .integer(3)]), ",,0.5,,3\r\n")
    }

    func testJSONRowsWithControlCharactersAndNonFiniteNumbersParse() throws {
        let name = "a\u{1}\u{1B}[31m\"b\\\n,c"
        let row = ReportRow(["name": .text(name), "value": .number(.infinity), "other": .number(-0.5)],
                            notes: ["value": "+infinity"])
        let text = try ReportJSON.document([row])
        XCTAssertFalse(text.contains("inf,") || text.contains("nan"), text)
        let parsed = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        XCTAssertEqual(parsed[0]["name"] as? String, name)
        XCTAssertTrue(parsed[0]["value"] is NSNull)
        XCTAssertEqual(parsed[0]["other"] as? Double, -0.5)
        XCTAssertEqual((parsed[0]["notes"] as? [String: String])?["value"], "+infinity")
    }

    func testRawNonFiniteDoubleIsAnErrorNotInvalidJSON() {
        struct Raw: Encodable { let value: Double }
        XCTAssertThrowsError(try ReportJSON.document(Raw(value: .nan)))
    }

    func testHarnessJSONAndCSVSurviveHostileScenarioNames() throws {
        let fade = try String(contentsOfFile: Self.repository + "/data/scenarios/fade.json", encoding: .utf8)
        let hostile = fade.replacingOccurrences(of: "\"name\": \"fade\"", with: "\"name\": \"a\\u0001,\\\"b\\n\"")
        let scenario = try Scenario(json: hostile, source: "hostile.json")
        XCTAssertEqual(scenario.name, "a\u{1},\"b\n")
        let results = FrameHarness.run(.init(scenario: scenario, layerCounts: [50], clock: .fixed(rate: 120, frames: 2),
                                             threads: 1, verify: false))
        let json = try ReportFormat.json.render(HarnessRunReport(results: results, machine: .current))
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let first = try XCTUnwrap((object["results"] as? [[String: Any]])?.first)
        XCTAssertEqual(first["scenario"] as? String, "a\u{1},\"b\n")
        let csv = try ReportFormat.csv.render(HarnessRunReport(results: results, machine: .current))
        XCTAssertTrue(csv.contains("\r\n\"a\u{1},\"\"b\n\",50,1,2,"), csv)
    }

    /// Checks a document against the BMF JSON schema (bencher.dev/bmf.json): benchmark → measure → metric object with
    /// a numeric `value` and optional numeric `lower_value`/`upper_value`, nothing else.
    private func assertBMF(_ text: String, file: StaticString = #filePath, line: UInt = #line) throws -> [String: [String: [String: Double]]] {
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], file: file, line: line)
        var typed: [String: [String: [String: Double]]] = [:]
        for (benchmark, measures) in object {
            let measures = try XCTUnwrap(measures as? [String: Any], file: file, line: line)
            XCTAssertFalse(benchmark.isEmpty, file: file, line: line)
            for (measure, metric) in measures {
                let metric = try XCTUnwrap(metric as? [String: Any], file: file, line: line)
                XCTAssertTrue(Set(metric.keys).isSubset(of: ["value", "lower_value", "upper_value"]), "\(metric)", file: file, line: line)
                XCTAssertNotNil(metric["value"] as? Double, file: file, line: line)
                for (key, value) in metric {
                    XCTAssertFalse(value is String || value is NSNull, "\(key)", file: file, line: line)
                    typed[benchmark, default: [:]][measure, default: [:]][key] = value as? Double
                }
            }
        }
        return typed
    }

    func testBMFAndGitHubBenchmarkExportsHaveTheirShapes() throws {
        let metrics = [ExportMetric(benchmark: "b", measure: "latency", unit: "ns", value: 88, range: (87.42, 88.88)),
                       ExportMetric(benchmark: "b", measure: "throughput", unit: "ops/s", value: 5.55),
                       ExportMetric(benchmark: "c", measure: "nan", unit: "ns", value: .nan)]
        let bmf = try assertBMF(try BMF.render(metrics, ExportContext()))
        XCTAssertEqual(bmf["b"]?["latency"], ["value": 88, "lower_value": 87.42, "upper_value": 88.88])
        XCTAssertEqual(bmf["b"]?["throughput"], ["value": 5.55])
        XCTAssertNil(bmf["c"], "a non-finite value is left out")
        let github = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(try GitHubBenchmark.render(metrics, ExportContext()).utf8))
            as? [[String: Any]])
        XCTAssertEqual(github.count, 2)
        for entry in github {
            XCTAssertTrue(Set(entry.keys).isSubset(of: ["name", "unit", "value", "range", "extra"]), "\(entry)")
            XCTAssertNotNil(entry["name"] as? String)
            XCTAssertNotNil(entry["unit"] as? String)
            XCTAssertNotNil(entry["value"] as? Double)
        }
        XCTAssertEqual(github[0]["name"] as? String, "b latency")
        XCTAssertEqual(github[0]["range"] as? String, "87.42–88.88")
    }

    func testRunAndGateExportToBMF() throws {
        var options = FrameHarness.Options(scenario: try Scenario.named("fade"), layerCounts: [40], clock: .fixed(rate: 120, frames: 2),
                                           threads: 1, verify: false)
        let results = FrameHarness.run(options)
        let run = try assertBMF(try ReportFormat.bmf.render(HarnessRunReport(results: results, machine: .current)))
        let row = try XCTUnwrap(run["fade/40 layers/1 threads"])
        XCTAssertEqual(row["ns-per-layer-frame"]?["value"], results[0].nsPerLayerFrame.median)
        XCTAssertNil(row["frame-ms-p99"]?["upper_value"], "a single pass has no spread to export")
        // A repeated run exports its min–max over passes as the lower and upper values.
        options.repeats = 3
        let repeated = FrameHarness.run(options)
        let spreadRow = try XCTUnwrap(try assertBMF(try ReportFormat.bmf.render(HarnessRunReport(results: repeated, machine: .current)))["fade/40 layers/1 threads"])
        XCTAssertEqual(spreadRow["ns-per-layer-frame"]?["lower_value"], repeated[0].nsPerLayerFrame.range?.lowerBound)
        XCTAssertEqual(spreadRow["frame-ms-p99"]?["upper_value"], repeated[0].frameMs.p99.range?.upperBound)
        let outcome = PerformanceGate.Outcome(rows: [.init(workload: "bezier-hard", metric: "instructions", unit: "instructions",
                                                           baseline: 100, current: 103, change: 0.03, verdict: .fail, note: "")],
                                              notes: [])
        let gate = try assertBMF(try ReportFormat.bmf.render(outcome))
        XCTAssertEqual(gate["bezier-hard"]?["instructions"]?["value"], 103)
    }

    func testInfluxLinesEscapeTagsAndCarryTheContext() throws {
        let metrics = [ExportMetric(benchmark: "a b,c=d", measure: "ns-per-layer-frame", unit: "ns", value: 12.5, range: (10, 14)),
                       ExportMetric(benchmark: "x", measure: "nan", unit: "ns", value: .nan)]
        let text = InfluxLineProtocol.render(metrics, ExportContext(tags: ["version": "0.11.0", "commit": "abc"],
                                                                           timestampNanoseconds: 1_700_000_000_000_000_000))
        XCTAssertEqual(text, "motionbench,benchmark=a\\ b\\,c\\=d,measure=ns-per-layer-frame,unit=ns,commit=abc,version=0.11.0 "
                       + "value=12.5,lower=10.0,upper=14.0 1700000000000000000\n")
    }

    func testJUnitMarksFailedWorkloadsWithTheirNumbers() throws {
        let outcome = PerformanceGate.Outcome(rows: [
            .init(workload: "bezier-hard", metric: "instructions", unit: "instructions", baseline: 100, current: 103, change: 0.03,
                  verdict: .fail, note: "more than 2% more instructions"),
            .init(workload: "bezier-presets", metric: "instructions", unit: "instructions", baseline: 100, current: 100.1,
                  change: 0.001, verdict: .pass, note: ""),
        ], notes: [])
        let xml = try ReportFormat.junit.render(outcome)
        // Structure without an XML library (FoundationXML needs libxml2 at run time): one test case per workload, one
        // failure, counts on the suite, every attribute value free of raw quotes and angle brackets.
        XCTAssertTrue(xml.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites"), xml)
        XCTAssertEqual(xml.components(separatedBy: "<testcase ").count - 1, 2)
        XCTAssertEqual(xml.components(separatedBy: "</testcase>").count - 1, 2)
        XCTAssertEqual(xml.components(separatedBy: "<failure ").count - 1, 1)
        XCTAssertTrue(xml.contains("<testsuite name=\"motionbench\" tests=\"2\" failures=\"1\" errors=\"0\">"), xml)
        XCTAssertTrue(xml.contains("name=\"bezier-hard\">\n      <failure message=\"instructions: 103 against 100 (+3.000%); "
                                   + "more than 2% more instructions\""), xml)
        XCTAssertEqual(JUnit.xmlEscaped("a<b>&\"c'\u{1}"), "a&lt;b&gt;&amp;&quot;c&apos;?")
    }

    static var repository: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    }
}
