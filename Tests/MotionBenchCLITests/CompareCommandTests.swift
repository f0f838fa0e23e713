import Foundation
import XCTest

/// `motionbench compare`: rows matched by scenario, layers and threads; B/A ratios; verdicts against the threshold.
final class CompareCommandTests: XCTestCase {
    private func file(_ text: String) throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("compare-\(UUID().uuidString).json").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        return path
    }

    private func run(_ rows: [(String, Int, Double)]) -> String {
        let results = rows.map { scenario, layers, ns in
            "{\"scenario\": \"\(scenario)\", \"layers\": \(layers), \"threads\": 1, \"nsPerLayerFrame\": \(ns), "
                + "\"frameMs\": {\"p99\": \(ns * Double(layers) / 1e6)}, \"peakRSSBytes\": 1000000}"
        }
        return "{\"results\": [" + results.joined(separator: ", ") + "]}"
    }

    func testRatiosAndVerdicts() throws {
        let a = try file(run([("mixed", 1000, 20), ("mixed", 10000, 10), ("fade", 100, 5), ("only-a", 1, 1)]))
        let b = try file(run([("mixed", 1000, 40), ("mixed", 10000, 10.5), ("fade", 100, 2.5), ("only-b", 1, 1)]))
        let result = try CommandRunner.run(["compare", a, b, "--format", "json"])
        XCTAssertEqual(result.status, 0, result.standardError)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let rows = try XCTUnwrap(object["rows"] as? [[String: Any]])
        XCTAssertEqual(rows.map { $0["row"] as? String }, ["mixed/1000 layers/1 threads", "mixed/10000 layers/1 threads",
                                                           "fade/100 layers/1 threads"])
        XCTAssertEqual(rows.map { $0["verdict"] as? String }, ["slower", "same", "faster"])
        XCTAssertEqual(rows[0]["ratio"] as? Double, 2)
        XCTAssertEqual(rows[1]["ratio"] as? Double ?? 0, 1.05, accuracy: 1e-12)
        XCTAssertEqual(Set(object["unmatched"] as? [String] ?? []), ["only-a/1 layers/1 threads", "only-b/1 layers/1 threads"])
        let strict = try CommandRunner.run(["compare", a, b, "--threshold", "2", "--format", "json"])
        XCTAssertTrue(strict.standardOutput.contains("\"slower\""))
        let table = try CommandRunner.run(["compare", a, b])
        XCTAssertTrue(table.standardOutput.contains("no spread"), table.standardOutput)
    }

    func testRepeatedRunsNeedTheirRangesApart() throws {
        func repeated(_ ns: Double, _ low: Double, _ high: Double) -> String {
            "{\"results\": [{\"scenario\": \"mixed\", \"layers\": 1000, \"threads\": 1, \"nsPerLayerFrame\": \(ns), "
                + "\"frameMs\": {\"p99\": 1}, \"peakRSSBytes\": 1, \"repeats\": 5, "
                + "\"spread\": {\"nsPerLayerFrame\": {\"min\": \(low), \"max\": \(high)}}}]}"
        }
        let a = try file(repeated(10, 9, 11))
        // +30% with overlapping ranges: not called slower.
        let overlapping = try file(repeated(13, 10.5, 16))
        // +30% with B's fastest pass slower than A's slowest: slower.
        let apart = try file(repeated(13, 12, 14))
        func verdict(_ b: String) throws -> String? {
            let result = try CommandRunner.run(["compare", a, b, "--format", "json"])
            XCTAssertEqual(result.status, 0, result.standardError)
            let object = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any]
            return ((object?["rows"] as? [[String: Any]])?.first)?["verdict"] as? String
        }
        XCTAssertEqual(try verdict(overlapping), "same (within spread)")
        XCTAssertEqual(try verdict(apart), "slower")
        let table = try CommandRunner.run(["compare", a, apart])
        XCTAssertTrue(table.standardOutput.contains("(9.00–11.00)") && table.standardOutput.contains("ranges"), table.standardOutput)
        let inverted = try file(repeated(13, 14, 12))
        let bad = try CommandRunner.run(["compare", a, inverted])
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.standardError.contains("spread.nsPerLayerFrame"), bad.standardError)
    }

    func testBadFilesNameTheField() throws {
        let good = try file(run([("mixed", 1000, 20)]))
        let cases: [(String, String)] = [
            ("{\"results\": []}", "no \"results\" array"),
            ("{\"results\": [{\"scenario\": \"x\", \"layers\": 1, \"threads\": 1, \"nsPerLayerFrame\": -1}]}", "results[0].nsPerLayerFrame"),
            ("[1, 2,]", "trailing comma"),
            (run([("other", 5, 1)]), "no row in common"),
        ]
        for (text, fragment) in cases {
            let result = try CommandRunner.run(["compare", good, try file(text)])
            XCTAssertEqual(result.status, 2, text)
            XCTAssertTrue(result.standardError.contains(fragment), result.standardError)
        }
    }

    /// Files with no row in common (different scenarios, layer counts or threads) are an input error: the user gave
    /// the wrong file, and the message lists the rows each holds so that the mismatch shows.
    func testNoRowInCommonExitsTwoListingTheRows() throws {
        let a = try file(run([("mixed", 1000, 20)])), b = try file(run([("springs", 1000, 20), ("mixed", 5, 1)]))
        let result = try CommandRunner.run(["compare", a, b])
        XCTAssertEqual(result.status, 2, result.standardError)
        XCTAssertEqual(result.standardOutput, "")
        for row in ["mixed/1000 layers/1 threads", "springs/1000 layers/1 threads", "mixed/5 layers/1 threads"] {
            XCTAssertTrue(result.standardError.contains(row), result.standardError)
        }
        let help = try CommandRunner.run(["compare", "--help"])
        XCTAssertTrue(help.standardOutput.contains("no row in common"), help.standardOutput)
    }
}
