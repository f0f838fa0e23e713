import Foundation
import MotionHarness
import MotionOutput
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
        let json = HarnessReport.render(results, machine: .current, format: .json)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let first = try XCTUnwrap((object["results"] as? [[String: Any]])?.first)
        XCTAssertEqual(first["scenario"] as? String, "a\u{1},\"b\n")
        let csv = HarnessReport.render(results, machine: .current, format: .csv)
        XCTAssertTrue(csv.contains("\r\n\"a\u{1},\"\"b\n\",50,1,2,"), csv)
    }

    static var repository: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    }
}
