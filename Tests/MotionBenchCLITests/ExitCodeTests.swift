import Foundation
import MotionCore
@testable import motionbench
import XCTest

/// The command line's exit codes as documented: 2 for bad input or usage, whichever layer finds it (the argument
/// parser, an option's `validate()`, a command, a library), and 1 for a failed check. Every error type the
/// `motionbench` module declares is named here (ErrorConformanceTests checks that).
final class ExitCodeTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("motionbench-exit-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        addTeardownBlock { [folder] in try? FileManager.default.removeItem(atPath: folder) }
    }

    /// A file in the test's folder holding `text`, made executable when `executable`.
    private func file(_ name: String, _ text: String, executable: Bool = false) throws -> String {
        let path = folder + "/" + name
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        if executable { chmod(path, 0o755) }
        return path
    }

    /// Asserts that `arguments` exit with `code` and print one `motionbench: ` message containing `fragment`.
    private func assertExit(_ code: Int32, _ arguments: [String], _ fragment: String, line: UInt = #line) throws {
        let result = try CommandRunner.run(arguments)
        XCTAssertEqual(result.status, code, "\(arguments): \(result.standardError)", line: line)
        XCTAssertTrue(result.standardError.hasPrefix("motionbench: "), "\(arguments): \(result.standardError)", line: line)
        XCTAssertTrue(result.standardError.contains(fragment), "\(arguments): \(result.standardError)", line: line)
    }

    func testTheCommandLinesOwnErrorsCarryTheirCodes() {
        XCTAssertEqual(BadInput(message: "x").exitCode, 2)
        XCTAssertEqual(UnknownCommand(name: "evl", commands: ["eval"]).exitCode, 2)
        XCTAssertEqual(VerificationFailure(message: "x").exitCode, 1)
        XCTAssertEqual(VerificationFailure(message: "x").kind, .failedCheck)
    }

    func testSuggestionIsTheNearestCommandWithinTwoEdits() {
        // Distances worked by hand: one deletion, one swap of neighbours, one substitution, three insertions.
        XCTAssertEqual(UnknownCommand.editDistance("evl", "eval"), 1)
        XCTAssertEqual(UnknownCommand.editDistance("comapre", "compare"), 1)
        XCTAssertEqual(UnknownCommand.editDistance("gare", "gate"), 1)
        XCTAssertEqual(UnknownCommand.editDistance("", "run"), 3)
        XCTAssertEqual(UnknownCommand.editDistance("settle", "settle"), 0)
        let commands = ["eval", "convert", "settle", "run", "gate"]
        XCTAssertEqual(UnknownCommand.nearest(to: "rn", among: commands), "run")
        XCTAssertEqual(UnknownCommand.nearest(to: "SETTLE", among: commands), "settle")
        XCTAssertNil(UnknownCommand.nearest(to: "xyzzy", among: commands))
        // Two edits on a three-letter command is too far to be a typo.
        XCTAssertNil(UnknownCommand.nearest(to: "rat", among: ["run"]))
    }

    func testUsageErrorsExitTwo() throws {
        try assertExit(2, ["help", "evl"], "did you mean 'eval'?")
        try assertExit(2, ["evl", "ease", "0.5"], "unknown command 'evl'; did you mean 'eval'?")
        try assertExit(2, ["baseline-record"], "the commands are eval, convert")
        try assertExit(2, ["eval"], "Missing expected argument")
        try assertExit(2, ["run", "--bogus"], "Unknown option '--bogus'")
        try assertExit(2, ["run", "--mode", "x"], "Unknown option")
        // Checks in validate() print the command's usage after the message.
        try assertExit(2, ["run", "--frames", "0"], "--frames 0 must be a whole number")
        try assertExit(2, ["run", "--frames", "0"], "Usage: motionbench run")
        try assertExit(2, ["gate"], "give exactly one of --baseline FILE, --against BASE_BINARY or --engine HEAD.so --base-engine BASE.so")
        // argument-parser rejects a value outside an option's cases, naming the option and listing the cases.
        try assertExit(2, ["timing", "--fill", "sideways", "1"], "The value 'sideways' is invalid for '--fill <fill>'")
        try assertExit(2, ["timing", "--fill", "sideways", "1"], "one of 'none', 'forwards', 'backwards' or 'both'")
        try assertExit(2, ["accuracy", "--samples", "1"], "--samples 1 must be in 2…10000000")
        try assertExit(2, ["compare", "a.json", "b.json", "--threshold", "x"], "--threshold 'x'")
    }

    func testBadInputFromEachLayerExitsTwo() throws {
        try assertExit(2, ["eval", "ease", "abc"], "input 'abc' is not a number")  // BadInput
        try assertExit(2, ["eval", "cubic-bezier(2, 0, 1, 1)", "0.5"], "x1 = 2 is outside [0, 1]")  // SpecError
        try assertExit(2, ["timing", "--duration", "-1", "0.5"], "duration = -1 must be ≥ 0")  // InvalidParameterError, validate()
        try assertExit(2, ["settle", "spring(mass: 1, stiffness: 100, damping: 0)"], "never settles")  // InvalidParameterError, run()
        try assertExit(2, ["run", "--scenario", folder + "/missing.json"], "scenario")  // ScenarioError
        try assertExit(2, ["run", "--layers", "1", "--frames", "1", "--output", folder + "/no/x.json"], "does not exist")  // OutputFileError
        try assertExit(2, ["run", "--frame-times", try file("times.txt", "soon\n"), "--layers", "1"], "'soon'")  // FrameClockError
        try assertExit(2, ["gate", "--baseline", folder + "/missing.json"], "does not exist")  // GateInputError
        let bad = try file("bad.json", "[1, 2,]")
        try assertExit(2, ["compare", bad, bad], "trailing comma")  // RunComparisonError, StrictJSONError
        try assertExit(2, ["accuracy", "--curves", folder + "/missing.json"], "does not exist")  // InputFileError
        let sleepy = try file("sleepy.sh", "#!/bin/sh\nsleep 30\n", executable: true)
        try assertExit(2, ["gate", "--against", sleepy, "--timeout", "1", "--workloads", "spring-closed-form"],
                       "did not finish within 1 s")  // ChildProcessError
    }

    func testFailedCheckExitsOne() throws {
        // A base build whose workload reports a millionth of a second: this build is far slower, and the paired
        // timing rule decides FAIL within a few rounds.
        let base = try file("fast-base.sh", "#!/bin/sh\necho \"{\\\"workload\\\": \\\"$2\\\", \\\"cpuSeconds\\\": 0.000001, \\\"checksum\\\": 1}\"\n",
                            executable: true)
        let result = try CommandRunner.run(["gate", "--against", base, "--workloads", "spring-closed-form", "--time-budget", "60"])
        XCTAssertEqual(result.status, 1, result.standardOutput + result.standardError)
        XCTAssertTrue(result.standardOutput.contains("FAIL"), result.standardOutput)
    }
}
