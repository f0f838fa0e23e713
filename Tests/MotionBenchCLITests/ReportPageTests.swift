import Foundation
import MotionOutput
import XCTest

/// The HTML pages people read: one legend entry per series, one colour per meaning across the page, colours that
/// stay apart for normal vision, protanopia and deuteranopia, and no megabyte poured onto a terminal.
final class ReportPageTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("report-pages-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: folder) }

    /// What a page draws: each legend's entries, and every (name, colour) pair of the legends and the charts' shapes.
    private struct Page {
        var legends: [[(name: String, colour: String)]] = []
        var charts: [[(name: String, colour: String)]] = []

        init(_ html: String) throws {
            let legend = try NSRegularExpression(pattern: "<p class='legend'>(.*?)</p>")
            let key = try NSRegularExpression(pattern: "color:(#[0-9a-fA-F]{6})'>■</span> (.*?)</span>")
            let svg = try NSRegularExpression(pattern: "<svg.*?</svg>", options: .dotMatchesLineSeparators)
            let shape = try NSRegularExpression(pattern: "(?:stroke|fill)='(#[0-9a-fA-F]{6})'[^>]*><title>([^<]*?)(?:: [^<]*)?</title>")
            func groups(_ regex: NSRegularExpression, _ text: String) -> [[String]] {
                regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).map { match in
                    (0..<match.numberOfRanges).map { String(text[Range(match.range(at: $0), in: text)!]) }
                }
            }
            legends = groups(legend, html).map { groups(key, $0[1]).map { (name: Self.meaning($0[2]), colour: $0[1].lowercased()) } }
            charts = groups(svg, html).map { groups(shape, $0[0]).map { (name: Self.meaning($0[2]), colour: $0[1].lowercased()) } }
        }

        /// A port's legend entry means its strategy.
        static func meaning(_ name: String) -> String {
            name.hasSuffix(" (port)") ? String(name.dropLast(7)) : name
        }

        /// Checks one legend entry per series, one colour per name and one name per colour across the page, and the
        /// smallest ΔE₀₀ between the page's colours (all visions); returns that smallest distance.
        func check(_ label: String, file: StaticString = #filePath, line: UInt = #line) throws -> Double {
            XCTAssertFalse(legends.isEmpty, "\(label): no legend found", file: file, line: line)
            for entries in legends {
                let names = entries.map(\.name)
                XCTAssertEqual(names.count, Set(names).count, "\(label): a legend lists a series twice: \(names)", file: file, line: line)
            }
            var colourOf: [String: Set<String>] = [:], nameOf: [String: Set<String>] = [:]
            for (name, colour) in (legends + charts).flatMap({ $0 }) {
                colourOf[name, default: []].insert(colour)
                nameOf[colour, default: []].insert(name)
            }
            for (name, colours) in colourOf {
                XCTAssertEqual(colours.count, 1, "\(label): \(name) is drawn in \(colours.sorted())", file: file, line: line)
            }
            for (colour, names) in nameOf {
                XCTAssertEqual(names.count, 1, "\(label): \(colour) means \(names.sorted())", file: file, line: line)
            }
            return try XCTUnwrap(ColourDifference.closestPair(nameOf.keys.sorted()), "\(label): fewer than two colours").distance
        }
    }

    func testRunPageDrawsEachSeriesOnceWithDistinguishableColours() throws {
        let path = folder.appendingPathComponent("run.html").path
        // card-flip: its batch costs about 6× its stream bound in an optimized build (on `mixed` at 1,000 layers they
        // are within 30%, and a busy machine can swap them, leaving the bound out of the row as it bounds nothing).
        let result = try CommandRunner.run(["run", "--scenario", "card-flip", "--layers", "1000,2000,4000", "--frames", "8",
                                            "--format", "html", "--output", path])
        XCTAssertEqual(result.status, 0, result.standardError)
        let page = try Page(String(contentsOfFile: path, encoding: .utf8))
        let streamEntries = page.legends.flatMap { $0 }.filter { $0.name == "stream bound" }
        XCTAssertEqual(streamEntries.count, 1, "stream bound has one legend entry")
        XCTAssertEqual(page.charts.flatMap { $0 }.filter { $0.name == "stream bound" }.count, 4,
                       "one line and three markers (one per layer count) for stream bound")
        let closest = try page.check("run page")
        XCTAssertGreaterThanOrEqual(closest, 12, "run page: smallest ΔE₀₀ between its colours, all visions")
    }

    func testAccuracyPageGivesEachMeaningOneDistinguishableColour() throws {
        // Three measured implementations beside the in-repo strategies, as a browser capture would add them.
        var csv = "implementation,spec,input,output,duration\n"
        for (name, duration, offset) in [("chromium", 0.25, 1e-6), ("chromium", 1.0, 2e-7), ("my-engine", 1.0, 1e-3)] {
            for step in 0...20 {
                let x = Double(step) / 20
                csv += "\(name),linear,\(x),\(min(max(x + (step % 2 == 0 ? offset : -offset), 0), 1)),\(duration)\n"
            }
        }
        let samples = folder.appendingPathComponent("measured.csv")
        try csv.write(to: samples, atomically: true, encoding: .utf8)
        let path = folder.appendingPathComponent("accuracy.html").path
        let result = try CommandRunner.run(["accuracy", "--samples", "101", "--search-rounds", "1", "--measured", samples.path,
                                            "--format", "html", "--output", path])
        XCTAssertEqual(result.status, 0, result.standardError)
        let html = try String(contentsOfFile: path, encoding: .utf8)
        let page = try Page(html)
        XCTAssertTrue(page.legends.flatMap { $0 }.contains { $0.name.hasPrefix("chromium @") }, "the measured section has a legend")
        let closest = try page.check("accuracy page")
        XCTAssertGreaterThanOrEqual(closest, 7.5, "accuracy page: smallest ΔE₀₀ between its colours, all visions")
        for chart in page.charts {
            let colours = Array(Set(chart.map(\.colour)))
            guard colours.count > 1 else { continue }
            let pair = try XCTUnwrap(ColourDifference.closestPair(colours))
            XCTAssertGreaterThanOrEqual(pair.distance, 9, "series drawn together must stay apart: \(pair)")
        }
    }

    /// Runs `motionbench arguments` with standard output on a pseudo-terminal (python3's pty module).
    private func onTerminal(_ arguments: [String]) throws -> (status: Int32, stdout: String, stderr: String) {
        let script = """
            import os, pty, select, subprocess, sys
            master, slave = pty.openpty()
            child = subprocess.Popen(sys.argv[1:], stdout=slave, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL)
            os.close(slave)
            out = b""
            while True:  # read while the child writes: a full terminal buffer would block it
                ready, _, _ = select.select([master], [], [], 300)
                if not ready:
                    child.kill()
                    break
                try:
                    chunk = os.read(master, 65536)
                except OSError:
                    break
                if not chunk:
                    break
                out += chunk
            child.wait()
            sys.stderr.buffer.write(child.stderr.read())
            sys.stdout.buffer.write(out)
            sys.exit(child.returncode)
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, try CommandRunner.executable.path] + arguments
        let output = Pipe(), error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let stdout = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let stderr = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, stdout, stderr)
    }

    func testLargeOutputsOnATerminalNeedOutputOrStdout() throws {
        let small = ["--samples", "11", "--search-rounds", "0", "--seconds", "0.1", "--format", "html"]
        let refused = try onTerminal(["accuracy"] + small)
        XCTAssertEqual(refused.status, 2, refused.stderr)
        XCTAssertTrue(refused.stderr.contains("accuracy: the HTML report"), refused.stderr)
        XCTAssertTrue(refused.stderr.contains("--output FILE") && refused.stderr.contains("--stdout"), refused.stderr)
        XCTAssertFalse(refused.stdout.contains("<html"), "nothing printed")

        let confirmed = try onTerminal(["accuracy", "--stdout"] + small)
        XCTAssertEqual(confirmed.status, 0, confirmed.stderr)
        XCTAssertTrue(confirmed.stdout.contains("<html"))

        let piped = try CommandRunner.run(["accuracy"] + small)
        XCTAssertEqual(piped.status, 0, "a pipe needs no flag: \(piped.standardError)")
        XCTAssertTrue(piped.standardOutput.contains("<html"))

        let capture = try onTerminal(["capture", "chromium", "--samples", "11"])
        XCTAssertEqual(capture.status, 2, capture.stderr)
        XCTAssertTrue(capture.stderr.contains("capture: the samples' CSV"), capture.stderr)

        let both = try CommandRunner.run(["capture", "chromium", "--stdout", "--output", folder.appendingPathComponent("c.csv").path])
        XCTAssertEqual(both.status, 2)
        XCTAssertTrue(both.standardError.contains("not both"), both.standardError)
    }
}
