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

    /// A row `run` cannot have written (layers beyond `run --layers`' maximum, ns below the 1e-6 floor, negative,
    /// zero, not finite, not whole, not a number) exits 2 naming the file, the row and the field and the range
    /// expected, where it used to trap converting 1e19 to Int (exit 132) or print B/A = inf for 1e-320 ns.
    func testFiguresRunCannotProduceExitTwoNamingTheFileAndRow() throws {
        let good = try file(run([("mixed", 1000, 20)]))
        func row(layers: String = "1000", threads: String = "1", ns: String = "20", p99: String = "1",
                 rss: String = "1000000", spread: String? = nil) -> String {
            "{\"results\": [{\"scenario\": \"fade\", \"layers\": 5, \"threads\": 1, \"nsPerLayerFrame\": 1, "
                + "\"frameMs\": {\"p99\": 1}, \"peakRSSBytes\": 1}, "
                + "{\"scenario\": \"mixed\", \"layers\": \(layers), \"threads\": \(threads), \"nsPerLayerFrame\": \(ns), "
                + "\"frameMs\": {\"p99\": \(p99)}, \"peakRSSBytes\": \(rss)"
                + (spread.map { ", \"spread\": {\"nsPerLayerFrame\": \($0)}" } ?? "") + "}]}"
        }
        let cases: [(String, [String])] = [
            (row(layers: "1e19"), ["results[1].layers 1e+19 is beyond 100000000",
                                   "expected a whole number of layers in 1…100000000"]),
            (row(layers: "9223372036854775808"), ["results[1].layers 9.223372036854776e+18 is beyond 100000000"]),
            (row(layers: "100000001"), ["results[1].layers 100000001 is beyond 100000000"]),
            (row(layers: "2.5"), ["results[1].layers 2.5 is not a whole number"]),
            (row(layers: "-1000"), ["results[1].layers -1000 is negative"]),
            (row(threads: "1e300"), ["results[1].threads 1e+300 is beyond 1024", "threads in 1…1024"]),
            (row(ns: "1e-320"), ["results[1].nsPerLayerFrame 1e-320 is below 1e-06",
                                 "expected ns per layer-frame in 1e-06…1e+15", "not a measurement"]),
            (row(ns: "5e-324"), ["results[1].nsPerLayerFrame 5e-324 is below 1e-06"]),
            (row(ns: "-20"), ["results[1].nsPerLayerFrame -20 is negative"]),
            (row(ns: "0"), ["results[1].nsPerLayerFrame 0 is zero"]),
            (row(ns: "1e300"), ["results[1].nsPerLayerFrame 1e+300 is beyond 1e+15"]),
            (row(ns: "NaN"), ["is not valid JSON"]),
            (row(ns: "Infinity"), ["is not valid JSON"]),
            (row(ns: "1e999"), ["is not valid JSON"]),
            (row(ns: "null"), ["results[1].nsPerLayerFrame is missing"]),
            (row(ns: "true"), ["results[1].nsPerLayerFrame is not a number"]),
            (row(ns: "\"20\""), ["results[1].nsPerLayerFrame is not a number"]),
            (row(p99: "1e-300"), ["results[1].frameMs.p99 1e-300 is below 1e-12"]),
            (row(rss: "1.5"), ["results[1].peakRSSBytes 1.5 is not a whole number"]),
            (row(rss: "1e30"), ["results[1].peakRSSBytes 1e+30 is beyond 1e+18"]),
            (row(spread: "{\"min\": 1e-320, \"max\": 20}"), ["results[1].spread.nsPerLayerFrame.min 1e-320 is below 1e-06"]),
            (row(spread: "{\"min\": 10, \"max\": -1}"), ["results[1].spread.nsPerLayerFrame.max -1 is negative"]),
        ]
        for (text, fragments) in cases {
            let bad = try file(text), name = URL(fileURLWithPath: bad).lastPathComponent
            for arguments in [["compare", good, bad], ["compare", bad, good]] {
                let result = try CommandRunner.run(arguments)
                XCTAssertEqual(result.status, 2, "\(text): \(result.standardError)")
                XCTAssertEqual(result.standardOutput, "", text)
                XCTAssertTrue(result.standardError.contains("compare: \(bad)") && result.standardError.contains(name),
                              result.standardError)
                for fragment in fragments {
                    XCTAssertTrue(result.standardError.contains(fragment), "\(fragment) not in \(result.standardError)")
                }
                XCTAssertFalse(result.standardError.contains("inf"), result.standardError)
            }
        }
        // The edges of the ranges are figures run can write.
        let edges = try file(row(layers: "100000000", threads: "1024", ns: "1e-6", p99: "1e-12", rss: "1e18"))
        let edgesToo = try file(row(layers: "100000000", threads: "1024", ns: "1e15", p99: "1e17", rss: "1"))
        let result = try CommandRunner.run(["compare", edges, edgesToo, "--format", "json"])
        XCTAssertEqual(result.status, 0, result.standardError)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let rows = try XCTUnwrap(object["rows"] as? [[String: Any]])
        XCTAssertEqual(rows.last?["row"] as? String, "mixed/100000000 layers/1024 threads")
        XCTAssertEqual(rows.last?["ratio"] as? Double, 1e21)
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

    /// A run result as `run --format json` writes it: the machine at the top and in `metadata`, frames and clock per row.
    private func recorded(frames: Int? = 240, clock: String? = "120 Hz", build: String? = "release", cpu: String = "AMD EPYC",
                          signature: String = "AuthenticAMD family 25 model 17 stepping 1, virtual",
                          cores: Int = 2, version: String = "0.11.0", toolchain: String? = "Swift version 6.3.1",
                          ns: Double = 20) -> String {
        func field(_ name: String, _ value: String?) -> String { value.map { ", \"\(name)\": \($0)" } ?? "" }
        let machine = "{\"cpu\": \"\(cpu)\", \"cpuSignature\": \"\(signature)\", \"cores\": \(cores), \"memoryBytes\": 1, "
            + "\"system\": \"Linux\"}"
        return "{\"machine\": \(machine), \"metadata\": {\"tool\": \"motionbench\", \"version\": \"\(version)\""
            + field("toolchain", toolchain.map { "\"\($0)\"" }) + field("build", build.map { "\"\($0)\"" })
            + ", \"machine\": \(machine), \"timestamp\": \"t\", \"commit\": null}, "
            + "\"results\": [{\"scenario\": \"mixed\", \"layers\": 1000, \"threads\": 2" + field("frames", frames.map(String.init))
            + field("clock", clock.map { "\"\($0)\"" })
            + ", \"nsPerLayerFrame\": \(ns), \"frameMs\": {\"p99\": 1}, \"peakRSSBytes\": 1000000}]}"
    }

    /// A 240-frame run against a 30-frame run measured different things: refused naming the field and both values,
    /// unless --allow-mismatch, which shows the comparison with the difference in a note.
    func testDifferentFramesAreNotComparable() throws {
        let a = try file(recorded(frames: 240, ns: 40)), b = try file(recorded(frames: 30, ns: 20))
        let refused = try CommandRunner.run(["compare", a, b])
        XCTAssertEqual(refused.status, 2, refused.standardError)
        XCTAssertEqual(refused.standardOutput, "")
        XCTAssertTrue(refused.standardError.contains("not comparable: frames 240 (\(a)) vs 30 (\(b))"), refused.standardError)
        XCTAssertTrue(refused.standardError.contains("--allow-mismatch"), refused.standardError)
        let allowed = try CommandRunner.run(["compare", a, b, "--allow-mismatch"])
        XCTAssertEqual(allowed.status, 0, allowed.standardError)
        XCTAssertTrue(allowed.standardOutput.contains("faster"), allowed.standardOutput)
        XCTAssertTrue(allowed.standardOutput.contains("note: not comparable, shown with --allow-mismatch: frames 240 (\(a)) vs 30 (\(b))"),
                      allowed.standardOutput)
        let json = try CommandRunner.run(["compare", a, b, "--allow-mismatch", "--format", "json"])
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        XCTAssertEqual(object["mismatches"] as? [String], ["frames 240 (\(a)) vs 30 (\(b))"])
        let markdown = try CommandRunner.run(["compare", a, b, "--allow-mismatch", "--format", "markdown"])
        XCTAssertTrue(markdown.standardOutput.contains("> not comparable, shown with --allow-mismatch: frames 240"), markdown.standardOutput)
        // The frame clock and the build configuration too, each named with both values.
        let vrr = try file(recorded(clock: "vrr", build: "debug"))
        let both = try CommandRunner.run(["compare", a, vrr])
        XCTAssertEqual(both.status, 2, both.standardError)
        XCTAssertTrue(both.standardError.contains("frame clock \"120 Hz\" (\(a)) vs \"vrr\" (\(vrr))"), both.standardError)
        XCTAssertTrue(both.standardError.contains("build configuration \"release\" (\(a)) vs \"debug\" (\(vrr))"), both.standardError)
        XCTAssertFalse(both.standardError.contains("frames 240"), both.standardError)
    }

    /// A file edited to say another CPU and core count is another machine: refused.
    func testDifferentMachineIsNotComparable() throws {
        let a = try file(recorded()), b = try file(recorded(cpu: "Intel Xeon", cores: 64, toolchain: "Swift version 5.9"))
        let result = try CommandRunner.run(["compare", a, b])
        XCTAssertEqual(result.status, 2, result.standardError)
        XCTAssertTrue(result.standardError.contains("not comparable: CPU model \"AMD EPYC\" (\(a)) vs \"Intel Xeon\" (\(b)); "
                                                    + "cores 2 (\(a)) vs 64 (\(b))"), result.standardError)
        XCTAssertFalse(result.standardError.contains("toolchain"), "a toolchain is a note, not a refusal")
        let cores = try CommandRunner.run(["compare", a, try file(recorded(cores: 4))])
        XCTAssertEqual(cores.status, 2, cores.standardError)
        XCTAssertTrue(cores.standardError.contains("not comparable: cores 2"), cores.standardError)
        // "AMD EPYC" names several generations: the signature (family, model, stepping) tells them apart.
        let zen3 = try file(recorded(signature: "AuthenticAMD family 25 model 1 stepping 1, virtual"))
        let generation = try CommandRunner.run(["compare", a, zen3])
        XCTAssertEqual(generation.status, 2, generation.standardError)
        XCTAssertTrue(generation.standardError.contains("not comparable: CPU signature \"AuthenticAMD family 25 model 17 "
                                                        + "stepping 1, virtual\" (\(a)) vs \"AuthenticAMD family 25 model 1"),
                      generation.standardError)
    }

    /// Base build against head build: a different version or toolchain is a note, and the comparison is shown.
    func testDifferentVersionOrToolchainIsANote() throws {
        let a = try file(recorded()), b = try file(recorded(version: "0.12.0", toolchain: "Swift version 6.4"))
        let result = try CommandRunner.run(["compare", a, b])
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertTrue(result.standardOutput.contains("note: MotionBench version \"0.11.0\" (\(a)) vs \"0.12.0\" (\(b)); "
                                                     + "toolchain \"Swift version 6.3.1\" (\(a)) vs \"Swift version 6.4\" (\(b))"),
                      result.standardOutput)
        XCTAssertFalse(result.standardOutput.contains("not comparable"), result.standardOutput)
        let same = try CommandRunner.run(["compare", a, a])
        XCTAssertEqual(same.status, 0, same.standardError)
        XCTAssertEqual(same.standardOutput.components(separatedBy: "note:").count, 2, "one note only: \(same.standardOutput)")
    }

    /// An older file without the build configuration, frames or toolchain: those are unknown, noted, not refused.
    func testFieldMissingFromAnOlderFileIsUnknown() throws {
        let a = try file(recorded(frames: nil, build: nil, toolchain: nil)), b = try file(recorded())
        let result = try CommandRunner.run(["compare", a, b])
        XCTAssertEqual(result.status, 0, result.standardError)
        for field in ["frames", "build configuration", "toolchain"] {
            XCTAssertTrue(result.standardOutput.contains("\(field) unknown (not recorded in \(a)), not checked"), result.standardOutput)
        }
        let json = try CommandRunner.run(["compare", b, a, "--format", "json"])
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        XCTAssertEqual(object["mismatches"] as? [String], [])
        XCTAssertTrue((object["notes"] as? [String] ?? []).contains("frames unknown (not recorded in \(a)), not checked"), "\(object)")
    }

    /// The files `run --format json` writes carry every field compare checks: a run against itself is comparable,
    /// and against a run of other frames is not.
    func testRunFilesRecordTheFields() throws {
        func run(_ frames: String) throws -> String {
            let result = try CommandRunner.run(["run", "--scenario", "fade", "--layers", "50", "--frames", frames, "--format", "json"])
            XCTAssertEqual(result.status, 0, result.standardError)
            return try file(result.standardOutput)
        }
        let a = try run("4"), b = try run("2")
        let same = try CommandRunner.run(["compare", a, a])
        XCTAssertEqual(same.status, 0, same.standardError)
        XCTAssertFalse(same.standardOutput.contains("unknown"), same.standardOutput)
        let different = try CommandRunner.run(["compare", a, b])
        XCTAssertEqual(different.status, 2, different.standardError)
        XCTAssertTrue(different.standardError.contains("not comparable: frames 4 (\(a)) vs 2 (\(b))"), different.standardError)
    }

    /// A run result with plug-in engines (as `run --engine` writes them): MotionCore's row and one per engine.
    private func runWithEngines(threads: Int, engines: [(name: String, path: String, ns: Double)]) -> String {
        let rows = engines.map { engine in
            "{\"name\": \"\(engine.name)\", \"path\": \"\(engine.path)\", \"role\": \"plug-in\", \"nsPerLayerFrame\": "
                + "\(engine.ns), \"frameMs\": {\"p99\": 0.5}, \"frames\": 30}"
        }
        let batch = "{\"name\": \"motioncore-batch\", \"role\": \"batch\", \"nsPerLayerFrame\": 10}"
        return "{\"results\": [{\"scenario\": \"mixed\", \"layers\": 1000, \"threads\": \(threads), \"nsPerLayerFrame\": 10, "
            + "\"frameMs\": {\"p99\": 1}, \"peakRSSBytes\": 1000000, \"frames\": 30, "
            + "\"engines\": [\(([batch] + rows).joined(separator: ", "))]}]}"
    }

    /// Engines are rows of their own, matched by name across files (their paths differ between a base and a head
    /// build), told apart by path when one file holds two of one name; thread counts pair only with --allow-mismatch.
    func testEngineRowsAreComparedAndThreadsPairOnlyWhenAllowed() throws {
        let a = try file(runWithEngines(threads: 2, engines: [("mine", "/base/libmine.so", 5), ("twin", "/x/libt.so", 7),
                                                              ("twin", "/y/libt.so", 8)]))
        let b = try file(runWithEngines(threads: 2, engines: [("mine", "/head/libmine.so", 10), ("twin", "/x/libt.so", 7),
                                                              ("twin", "/y/libt.so", 8)]))
        let result = try CommandRunner.run(["compare", a, b, "--format", "json"])
        XCTAssertEqual(result.status, 0, result.standardError)
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let rows = try XCTUnwrap(object["rows"] as? [[String: Any]])
        XCTAssertEqual(rows.map { $0["row"] as? String }, [
            "mixed/1000 layers/2 threads", "mixed/1000 layers/2 threads · engine mine",
            "mixed/1000 layers/2 threads · engine twin (/x/libt.so)", "mixed/1000 layers/2 threads · engine twin (/y/libt.so)",
        ])
        XCTAssertEqual(rows[1]["ratio"] as? Double, 2)
        XCTAssertEqual(rows[1]["verdict"] as? String, "slower")

        let oneThread = try file(runWithEngines(threads: 1, engines: [("mine", "/head/libmine.so", 5)]))
        let refused = try CommandRunner.run(["compare", a, oneThread])
        XCTAssertEqual(refused.status, 2)
        XCTAssertTrue(refused.standardError.contains("--allow-mismatch pairs them"), refused.standardError)
        let paired = try CommandRunner.run(["compare", a, oneThread, "--allow-mismatch", "--format", "json"])
        XCTAssertEqual(paired.status, 0, paired.standardError)
        let pairedObject = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(paired.standardOutput.utf8)) as? [String: Any])
        let pairedRows = try XCTUnwrap(pairedObject["rows"] as? [[String: Any]])
        XCTAssertEqual(pairedRows.map { $0["row"] as? String },
                       ["mixed/1000 layers/2→1 threads", "mixed/1000 layers/2→1 threads · engine mine"])
        XCTAssertTrue((pairedObject["mismatches"] as? [String] ?? []).contains { $0.hasPrefix("threads differ") },
                      "\(pairedObject)")
    }
}
