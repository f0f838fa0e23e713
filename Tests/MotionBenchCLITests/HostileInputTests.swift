import MotionGate
import MotionSupport
import Foundation
import XCTest
import MotionTestSupport

/// The reproducers of the hostile-input sweep: each gets exit 2 with a message naming the input and the rule, or a
/// finite answer, and never a trap, a hang or a clobbered file.
final class HostileInputTests: XCTestCase {
    private var directory = ""

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("motionbench-hostile-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(atPath: directory)
    }

    private func path(_ name: String) -> String { directory + "/" + name }

    /// Asserts exit 2 and that stderr contains every fragment.
    private func assertRejected(_ arguments: [String], _ fragments: String..., file: StaticString = #filePath,
                                line: UInt = #line) throws {
        let result = try CommandRunner.run(arguments)
        XCTAssertEqual(result.status, 2, "\(arguments): \(result.standardError)", file: file, line: line)
        for fragment in fragments {
            XCTAssertTrue(result.standardError.contains(fragment), "\(arguments): \(result.standardError)", file: file, line: line)
        }
    }

    /// Asserts exit 0 and returns stdout, checking it holds no nan or inf.
    @discardableResult
    private func assertFinite(_ arguments: [String], file: StaticString = #filePath, line: UInt = #line) throws -> String {
        let result = try CommandRunner.run(arguments)
        XCTAssertEqual(result.status, 0, "\(arguments): \(result.standardError)", file: file, line: line)
        let lower = result.standardOutput.lowercased()
        XCTAssertFalse(lower.contains("nan"), "\(arguments): \(result.standardOutput)", file: file, line: line)
        XCTAssertFalse(lower.contains("inf"), "\(arguments): \(result.standardOutput)", file: file, line: line)
        return result.standardOutput
    }

    // MARK: timing

    func testTimingWithHugeIterationCountsPrintsTheIteration() throws {
        XCTAssertEqual(try assertFinite(["timing", "--duration", "1", "--iterations", "1e300", "1e299"]), "active 1e+299 0.0\n")
        XCTAssertEqual(try assertFinite(["timing", "--iteration-start", "1e300", "0.5"]), "active 1e+300 0.0\n")
        XCTAssertEqual(try assertFinite(["timing", "--repeat-count", "1e300", "1e299"]), "active 1e+299 0.0\n")
        try assertFinite(["timing", "--duration", "0", "--iterations", "1e300", "--fill", "forwards", "1"])
        try assertFinite(["timing", "--duration", "1", "--iterations", "1e300", "--format", "json", "1e299"])
    }

    func testTimingWithOverflowingOffsetsAnswers() throws {
        // timeOffset / duration overflows; the offset is reduced modulo the active span first.
        XCTAssertEqual(try assertFinite(["timing", "--duration", "1e-320", "--time-offset", "1", "0.5"]), "after null null\n")
        XCTAssertEqual(try assertFinite(["timing", "--duration", "1e-10", "--time-offset", "1e308", "0.5"]), "after null null\n")
        try assertFinite(["timing", "--duration", "1e-10", "--time-offset", "1e308", "--repeat-count", "inf", "0.5"])
    }

    // MARK: springs, curves and transforms at the edges of the Double range

    func testSpringReproducersAnswerOrNameTheLimit() throws {
        XCTAssertTrue(try assertFinite(["convert", "spring(mass: 1e155, stiffness: 1e155, damping: 1e155)"])
            .contains("dampingRatio 0.5\n"))
        XCTAssertTrue(try assertFinite(["convert", "spring(mass: 1e155, stiffness: 1e155, damping: 1e155)"])
            .contains("regime underdamped"))
        try assertRejected(["convert", "spring(mass: 1e308, stiffness: 1e-308)", "--format", "json"], "√(stiffness/mass)", "1e150")
        try assertRejected(["eval", "spring(mass: 1e-160)", "0.25", "1"], "damping/(2·mass)", "1e150")
        try assertRejected(["eval", "spring(mass: 1, stiffness: 100, damping: 1e160)", "1"], "damping/(2·mass)")
        try assertRejected(["eval", "spring(mass: 1e-320)", "0.5"], "√(stiffness/mass)")
        try assertRejected(["settle", "spring(initialVelocity: 1e308)", "--format", "json"], "initialVelocity")
        try assertRejected(["settle", "spring(response: 0.5, dampingRatio: 0)"], "damping ratio 0", "never settles")
        let settle = try assertFinite(["settle", "spring(damping: 1e-14)"])
        XCTAssertEqual(try XCTUnwrap(Double(settle.trimmingCharacters(in: .whitespacesAndNewlines))), 1.3816e15, accuracy: 1e11)
        let heavy = try assertFinite(["eval", "spring(mass: 1e-100)", "0.25"])
        XCTAssertEqual(try XCTUnwrap(Double(heavy.trimmingCharacters(in: .whitespacesAndNewlines))), 1 - exp(-2.5),
                       accuracy: 1e-12)
    }

    func testCurveAndTransformReproducersAnswerOrNameTheLimit() throws {
        XCTAssertEqual(try assertFinite(["eval", "linear(1e308, -1e308)", "0", "0.5", "1"]), "1e+308\n0.0\n-1e+308\n")
        try assertRejected(["eval", "linear(1e308, -1e308)", "0", "--velocity"], "slope", "range of a Double")
        try assertRejected(["eval", "linear(0, 1e308)", "1e10"], "value", "range of a Double")
        try assertRejected(["interpolate", "rotate(1e308turn)", "rotate(0deg)", "0.5"], "rotate", "1e+75")
        try assertRejected(["interpolate", "scale(1e200)", "rotate(10deg) scale(1e200)", "0.5"], "1e+75")
        try assertRejected(["interpolate", "matrix(1e308,0,0,1e308,0,0)", "matrix(-1e308,0,0,1e308,0,0)", "0.5"], "1e+75")
        try assertFinite(["interpolate", "rotate(1e308rad)", "rotate(-1e308rad)", "0.5"])
        try assertFinite(["interpolate", "scale(1e50)", "rotate(10deg) scale(1e50)", "0.5"])
    }

    // MARK: accuracy

    func testAccuracyRatesAndFailedReferences() throws {
        try assertRejected(["accuracy", "--rate", "1e-100", "--samples", "100"], "--rate 1e-100", "1…10000")
        try assertRejected(["accuracy", "--rate", "1e-6", "--samples", "100", "--curves", "presets"], "--rate")
        try assertRejected(["accuracy", "--samples", "11", "--curves", "presets", "--seconds", "1e-308", "--format", "html"],
                           "fewer than 2 frames")
        let springs = path("stiff.json")
        try "[\"spring(mass: 1, stiffness: 100, damping: 1e10)\"]".write(toFile: springs, atomically: false, encoding: .utf8)
        try assertRejected(["accuracy", "--samples", "11", "--curves", "presets", "--springs", springs],
                           "GSL reference for spring 'spring(mass: 1, stiffness: 100, damping: 1e10)' failed")
    }

    // MARK: eval streams

    func testEvalStreamsAndCapsLineLength() throws {
        let many = String(repeating: "0.5\n", count: 20_000)
        let result = try CommandRunner.run(["eval", "ease"], input: many)
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.standardOutput.split(separator: "\n").count, 20_000)
        let long = try CommandRunner.run(["eval", "ease"], input: "0.25\n" + String(repeating: "7", count: 1_000_000) + "\n")
        XCTAssertEqual(long.status, 2)
        XCTAssertTrue(long.standardError.contains("input line 2 is longer than 4096 bytes"), long.standardError)
        XCTAssertLessThan(long.standardError.utf8.count, 300, long.standardError)
        XCTAssertEqual(long.standardOutput, "0.40851059135539586\n", "the answer before the bad line is printed")
    }

    // MARK: options and messages

    func testNegativeOptionValuesAreNamedNotMissing() throws {
        try assertRejected(["run", "--layers", "-1"], "--layers", "1…100000000")
        try assertRejected(["run", "--frames", "-5"], "--frames -5")
        try assertRejected(["run", "--threads", "-2"], "--threads -2")
        try assertRejected(["run", "--rate", "-60"], "--rate -60")
        try assertRejected(["run", "--rate", "1e-12"], "--rate 1e-12", "1…10000")
        try assertRejected(["gate", "--baseline", path("x"), "--max-increase", "-5"], "--max-increase '-5'")
        try assertRejected(["settle", "spring(1 100 10 0)", "--distance", "-3"], "--distance -3")
    }

    func testMessagesNameWhatTheUserWrote() throws {
        try assertRejected(["eval", "steps(1e18)", "0.5"], "above 2147483647")
        try assertRejected(["eval", "steps(1.5)", "0.5"], "not a whole number")
        // The stiffness overflows, but the user wrote a response: the message says which parameters it came from.
        try assertRejected(["eval", "spring(response: 1e-300, dampingRatio: 1)", "0.5"], "derived from spring's response 1e-300")
        try assertRejected(["eval", "origami-spring(tension: 1e308, friction: 1e308)", "0.5"], "origami-spring's tension")
    }

    func testUnknownOptionAmongInputsIsCalledAnOption() throws {
        try assertRejected(["eval", "ease", "0.5", "--bogus"], "unknown option '--bogus'")
        try assertRejected(["eval", "ease", "0.5", "abc"], "input 'abc' is not a number")
    }

    func testEscapeSequencesAndLongSpecsAreQuotedSafely() throws {
        let result = try CommandRunner.run(["eval", "\u{1B}[31mred", "0.5"])
        XCTAssertEqual(result.status, 2)
        XCTAssertFalse(result.standardError.contains("\u{1B}"), result.standardError)
        XCTAssertTrue(result.standardError.contains("\\u{1B}[31mred"), result.standardError)
        let long = try CommandRunner.run(["eval", String(repeating: "x", count: 5000), "0.5"])
        XCTAssertEqual(long.status, 2)
        XCTAssertLessThan(long.standardError.utf8.count, 600, long.standardError)
        XCTAssertTrue(long.standardError.contains("5000 bytes in all"), long.standardError)
    }

    // MARK: output files

    func testOutputIsCheckedBeforeTheWork() throws {
        // A million layers for a thousand frames would run for minutes: exit 2 at once shows the check came first.
        try assertRejected(["run", "--layers", "1000000", "--frames", "1000", "--output", "/nonexistent/dir/x.json"],
                           "/nonexistent/dir", "does not exist")
        try assertRejected(["baseline", "--output", "/nonexistent/dir/x.json"], "does not exist")
        try assertRejected(["accuracy", "--output", directory], "is a directory")
        try assertRejected(["run", "--output", "/proc/self/status"], "cannot write '/proc/self/status'")
    }

    func testSymbolicLinkIsFollowedAndStaysALink() throws {
        let target = path("real.csv"), link = path("link.csv")
        try "old\n".write(toFile: target, atomically: false, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "real.csv")
        try assertFinite(["run", "--scenario", "fade", "--layers", "100", "--frames", "2", "--format", "csv", "--output", link])
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link), "real.csv")
        XCTAssertTrue(try String(contentsOfFile: target, encoding: .utf8).hasPrefix("scenario,layers"))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory).sorted(), ["link.csv", "real.csv"])
    }

    func testFIFOWithoutReaderIsAnErrorNotAWaitAndStaysAFIFO() throws {
        let fifo = path("fifo")
        XCTAssertEqual(mkfifo(fifo, 0o644), 0)
        try assertRejected(["run", "--scenario", "fade", "--layers", "100", "--frames", "2", "--output", fifo], "no reader")
        var info = stat()
        XCTAssertEqual(lstat(fifo, &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFIFO)
    }

    func testCharacterDeviceIsWrittenInPlaceNotReplaced() throws {
        // A device node made here (never /dev/null itself): as root, a buggy writer would replace it with a file.
        let device = path("null")
        guard mknod(device, S_IFCHR | 0o666, (1 << 8) | 3) == 0 else {
            throw MissingPrerequisite.error("mknod needs root (errno \(errno))")
        }
        try assertFinite(["run", "--scenario", "fade", "--layers", "100", "--frames", "2", "--output", device])
        var info = stat()
        XCTAssertEqual(lstat(device, &info), 0)
        XCTAssertEqual(info.st_mode & S_IFMT, S_IFCHR, "the device node was replaced")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory), ["null"], "a temporary file was left")
    }

    func testFullDeviceReportsTheErrorAndLeavesNoTemporaryFile() throws {
        let device = path("full")
        guard mknod(device, S_IFCHR | 0o666, (1 << 8) | 7) == 0 else { throw MissingPrerequisite.error("mknod needs root") }
        try assertRejected(["run", "--scenario", "fade", "--layers", "100", "--frames", "2", "--output", device],
                           "No space left on device")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: directory), ["full"])
    }

    // MARK: JSON inputs

    func testStrictJSONNamesLineAndColumn() throws {
        let fade = try String(contentsOfFile: Self.repository + "/data/scenarios/fade.json", encoding: .utf8)
        let cases: [(String, String)] = [
            (String(fade.dropLast(3)) + ",\n}", "trailing comma"),
            (String(repeating: "[", count: 1000) + String(repeating: "]", count: 1000), "nesting deeper than 64"),
            (fade.replacingOccurrences(of: "\"seed\": 1", with: "\"seed\": 1e400"), "number 1e400 is outside the range"),
            (fade.replacingOccurrences(of: "\"seed\": 1", with: "\"seed\": 1, \"seed\": 2"), "duplicate key \"seed\""),
            (fade.replacingOccurrences(of: "\"seed\": 1", with: "\"seed\": 1, \"description\": 5"), "duplicate key"),
        ]
        for (index, (text, fragment)) in cases.enumerated() {
            let file = path("case\(index).json")
            try text.write(toFile: file, atomically: false, encoding: .utf8)
            try assertRejected(["run", "--scenario", file, "--layers", "10", "--frames", "1"], fragment, "line ")
        }
    }

    // MARK: input files

    func testInputFilesMustBeRegularAndBounded() throws {
        let fifo = path("fifo.json")
        XCTAssertEqual(mkfifo(fifo, 0o644), 0)
        // A FIFO with no writer would block a plain read forever; a device would never end.
        try assertRejected(["run", "--scenario", fifo, "--layers", "10", "--frames", "1"], "not a regular file")
        try assertRejected(["run", "--scenario", "/dev/zero", "--layers", "10", "--frames", "1"], "not a regular file")
        try assertRejected(["run", "--scenario", directory, "--layers", "10", "--frames", "1"], "is a directory")
        try assertRejected(["run", "--scenario", "fade", "--frame-times", fifo, "--layers", "10"], "not a regular file")
        try assertRejected(["gate", "--baseline", fifo], "not a regular file")
        try assertRejected(["accuracy", "--curves", "/dev/zero"], "not a regular file")
        let huge = path("huge.json")
        XCTAssertTrue(FileManager.default.createFile(atPath: huge, contents: nil))
        XCTAssertEqual(truncate(huge, 65 << 20), 0)  // sparse: no disk used
        try assertRejected(["run", "--scenario", huge, "--layers", "10", "--frames", "1"], "larger than 64 MiB")
        let fast = path("fast.txt")
        try "0\n1e-300\n2e-300\n".write(toFile: fast, atomically: false, encoding: .utf8)
        try assertRejected(["run", "--scenario", "fade", "--frame-times", fast, "--layers", "10"], "shorter than 0.0001 s")
    }

    // MARK: gate

    func testEmptyWorkloadListIsRejected() throws {
        try assertRejected(["gate", "--baseline", path("none.json"), "--workloads", ","], "empty name")
        try assertRejected(["baseline", "--output", path("b.json"), "--workloads", ","], "empty name")
        XCTAssertFalse(FileManager.default.fileExists(atPath: path("b.json")))
    }

    func testImplausibleBaselinesNameTheField() throws {
        let valid = """
            {"version": 1, "toolchain": "t", "machine": {}, "timestamp": "now", "workloads": {"bezier-hard": %@}}
            """
        let cases: [(String, String)] = [
            ("{\"instructions\": 10000000000000000000}", "workloads.bezier-hard.instructions"),
            ("{\"instructions\": -5}", "workloads.bezier-hard.instructions"),
            ("{\"instructions\": 1.5}", "workloads.bezier-hard.instructions"),
            ("{\"instructions\": 0}", "workloads.bezier-hard.instructions"),
            ("{\"cpuSeconds\": {\"median\": 0, \"min\": 0, \"max\": 0, \"samples\": 5}}", "cpuSeconds.median"),
            ("{\"cpuSeconds\": {\"median\": -1, \"min\": -1, \"max\": -1, \"samples\": 5}}", "cpuSeconds.median"),
            ("{\"cpuSeconds\": {\"median\": 1e308, \"min\": 1, \"max\": 1e308, \"samples\": 5}}", "cpuSeconds.median"),
            ("{}", "neither instructions nor cpuSeconds"),
        ]
        for (index, (measurement, fragment)) in cases.enumerated() {
            let file = path("baseline\(index).json")
            try valid.replacingOccurrences(of: "%@", with: measurement).write(toFile: file, atomically: false, encoding: .utf8)
            try assertRejected(["gate", "--baseline", file, "--mode", "time"], fragment)
        }
    }

    /// A fake base build: a shell script running `body` whatever it is asked.
    private func fakeBase(_ body: String) throws -> String {
        let script = path("base-\(UUID().uuidString).sh")
        try "#!/bin/sh\n\(body)\n".write(toFile: script, atomically: false, encoding: .utf8)
        chmod(script, 0o755)
        return script
    }

    func testGateStopsABaseThatHangsOrFloods() throws {
        // The base is asked `_workload --help` first; these misbehave there. Lying workload reports are tested on
        // `PerformanceGate.cpuSeconds` (GateChildProcessTests), where this build's own workloads do not take part.
        let common = ["gate", "--workloads", "bezier-presets", "--rounds", "3", "--timeout", "2"]
        try assertRejected(common + ["--against", try fakeBase("sleep 60")], "did not finish within 2 s")
        try assertRejected(common + ["--against", try fakeBase("yes")], "printed more than")
        try assertRejected(["gate", "--against", try fakeBase("true"), "--timeout", "0"], "--timeout 0")
    }

    static var repository: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path
    }
}
