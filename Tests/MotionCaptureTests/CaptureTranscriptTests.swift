@testable import MotionCapture
@testable import MotionSupport
import XCTest

/// Reading the page's block out of what a browser printed, and writing the samples.
final class CaptureTranscriptTests: XCTestCase {
    private let plan = try! CapturePlan(specs: ["ease", "linear"], inputs: [0, 0.5, 1], durations: [1])
    private let outputs = ["0", "0.8024033910598437", "1", "0", "0.5", "1"]
    /// What the `linear` twin showed: the effective inputs.
    private let effective = ["0", "0.5", "1", "0", "0.5", "1"]

    /// The page's block for `rows` outputs, each followed by its effective input (the inputs' pattern repeats).
    private func block(_ rows: [String], end: String? = nil) -> String {
        let lines = rows.enumerated().map { "=" + $1 + " " + effective[$0 % effective.count] }
        return ([CapturePage.beginMarker] + lines + [end ?? "\(CapturePage.endMarker) \(rows.count)"]).joined(separator: "\n") + "\n"
    }

    private func assertFails(_ text: String, _ fragment: String, line: UInt = #line) {
        XCTAssertThrowsError(try CaptureTranscript.rows(in: text, plan: plan, implementation: "firefox 153.7.0esr"),
                             line: line) { error in
            XCTAssertTrue("\(error)".contains(fragment), "\(error)", line: line)
            XCTAssertTrue("\(error)".contains("firefox 153.7.0esr"), "\(error)", line: line)
        }
    }

    func testReadsTheBlockAmongOtherLines() throws {
        let text = "console.error: services.settings: offline\r\n" + block(outputs).replacingOccurrences(of: "\n", with: "\r\n")
            + "JavaScript error: shutting down\n"
        let read = try CaptureTranscript.rows(in: text, plan: plan, implementation: "firefox 153.7.0esr")
        XCTAssertEqual(read.outputs, outputs)
        XCTAssertEqual(read.effectiveInputs, effective)
    }

    func testTheBrowsersOwnLinesBetweenTheRowsAreNotRows() throws {
        var rows = block(outputs).split(separator: "\n").map(String.init)
        rows.insert("console.error: services.settings: ", at: 3)
        rows.insert("  Message: TypeError: NetworkError: Network request failed", at: 4)
        XCTAssertEqual(try CaptureTranscript.rows(in: rows.joined(separator: "\n"), plan: plan, implementation: "x").outputs, outputs)
    }

    func testTruncationIsCaught() {
        assertFails(block(Array(outputs.prefix(4))).components(separatedBy: CapturePage.endMarker)[0], "cut short after 4 of 6")
        assertFails(block(Array(outputs.prefix(5))), "printed 5 rows")
        assertFails(block(outputs, end: "\(CapturePage.endMarker) 7"), "expected 6 rows")
        assertFails(block(outputs + ["1"]), "more than the 6 rows")
        assertFails("", "printed no capture")
        assertFails("<html>garbage</html>\n", "printed no capture")
    }

    func testOutputsMustBeFiniteNumbersAsJavaScriptPrintsThem() {
        for bad in ["null", "NaN", "Infinity", "", " 0.5", "0x1p-1", "abc", "undefined"] {
            var rows = outputs
            rows[4] = bad
            assertFails(block(rows), "for linear at input 0.5, duration 1 s")
        }
        var rows = outputs
        rows[1] = "1e-7"
        XCTAssertNoThrow(try CaptureTranscript.rows(in: block(rows), plan: plan, implementation: "x"))
        // A row without its effective input, or with a third field, is not a row the page prints.
        let text = block(outputs).replacingOccurrences(of: "=0.5 0.5", with: "=0.5")
        assertFails(text, "expected a finite progress and the effective input")
        assertFails(block(outputs).replacingOccurrences(of: "=1 1", with: "=1 1 1"), "expected a finite progress")
    }

    func testARejectedEasingNamesTheSpecAndTheBrowser() {
        let text = [CapturePage.beginMarker, "=0 0", "\(CapturePage.errorMarker) 1 TypeError: Element.animate: Invalid easing"]
            .joined(separator: "\n")
        assertFails(text, "rejected the easing 'linear': TypeError: Element.animate: Invalid easing")
        assertFails("\(CapturePage.beginMarker)\n\(CapturePage.errorMarker) -1 ReferenceError: x", "page failed: ReferenceError")
    }

    func testChromiumsDOMDumpIsReadFromThePreElement() throws {
        let dump = "<html><head></head><body><div id=\"subject\"></div><pre id=\"rows\">" + block(outputs)
            + "</pre><script>const mark = 'x &amp; y';</script></body></html>\n"
        let output = ChildProcess.Output(status: 0, standardOutput: dump, standardError: "")
        XCTAssertEqual(try CaptureTranscript.rows(in: CaptureBrowser.chromium.transcript(output), plan: plan,
                                                  implementation: "chromium").outputs, outputs)
        XCTAssertEqual(HTMLText.unescaped("a &lt;b&gt; &amp;amp; &quot;c&#39; &#x27;d&apos; &bogus; & e"),
                       "a <b> &amp; \"c' 'd' &bogus; & e")
    }

    func testTheCSVIsTheContract() throws {
        let samples = CaptureSamples(implementation: "chromium 156.0.8078.79", plan: plan, outputs: outputs, effectiveInputs: effective)
        let lines = samples.csv().components(separatedBy: "\r\n")
        XCTAssertEqual(lines[0], "implementation,spec,input,output,duration,effective_input,round")
        XCTAssertEqual(lines[1], "chromium 156.0.8078.79,ease,0.0,0,1,0,0")
        XCTAssertEqual(lines[2], "chromium 156.0.8078.79,ease,0.5,0.8024033910598437,1,0.5,0")
        XCTAssertEqual(lines[6], "chromium 156.0.8078.79,linear,1.0,1,1,1,0")
        XCTAssertEqual(lines.count, 8)
        XCTAssertEqual(lines[7], "")
        let quoted = try CapturePlan(specs: ["cubic-bezier(0.25, 0.1, 0.25, 1)"], inputs: [0.25], durations: [0.25])
        XCTAssertEqual(CaptureSamples(implementation: "webkit 2.50.6", plan: quoted, outputs: ["0.4"], effectiveInputs: ["0.25"],
                                      round: 3).csv(),
                       "implementation,spec,input,output,duration,effective_input,round\r\n"
                       + "webkit 2.50.6,\"cubic-bezier(0.25, 0.1, 0.25, 1)\",0.25,0.4,0.25,0.25,3\r\n")
    }

    func testASearchRoundAsksEachCurveAndDurationForItsOwnInputs() throws {
        // Subjects in the order durations, then specs; a subject with nothing new is left out of the page.
        let round = try CapturePlan(specs: ["ease", "linear"], durations: [0.25, 1], inputs: [[0.1, 0.2], [], [0.3], [0.4, 0.5, 0.6]])
        XCTAssertEqual(round.rowCount, 6)
        XCTAssertEqual(round.requests.map(\.spec), [0, 0, 1])
        XCTAssertEqual(round.requests.map(\.duration), [0, 1, 1])
        XCTAssertTrue(round.row(2) == ("ease", 0.3, 1))
        XCTAssertTrue(round.row(5) == ("linear", 0.6, 1))
        let page = CapturePage.html(for: round)
        XCTAssertTrue(page.contains("[1,1,[0.4,0.5,0.6]]"), page)
        XCTAssertFalse(page.contains("[1,0,"), "a subject without inputs is not in the page")
        XCTAssertThrowsError(try CapturePlan(specs: ["ease"], durations: [1], inputs: [[0.1], [0.2]]))
        XCTAssertThrowsError(try CapturePlan(specs: ["ease"], durations: [1], inputs: [[]]))
    }
}
