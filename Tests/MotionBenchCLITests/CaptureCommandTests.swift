import Foundation
import XCTest

/// `motionbench capture`'s error paths, with fake browsers (shell scripts) instead of real ones; the live captures are
/// in MotionCaptureTests.
final class CaptureCommandTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("motionbench-capture-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        addTeardownBlock { [folder] in try? FileManager.default.removeItem(atPath: folder) }
    }

    /// An executable shell script in the test's folder that answers `--version` with `version` and otherwise runs
    /// `body`.
    private func fakeBrowser(_ name: String, version: String, _ body: String) throws -> String {
        let path = folder + "/" + name
        let script = "#!/bin/sh\nif [ \"$1\" = --version ]; then echo '\(version)'; exit 0; fi\n\(body)\n"
        try script.write(toFile: path, atomically: false, encoding: .utf8)
        chmod(path, 0o755)
        return path
    }

    /// Asserts that `arguments` exit 2 with one `motionbench: ` message containing every fragment and write no file.
    private func assertBadInput(_ arguments: [String], _ fragments: [String], line: UInt = #line) throws {
        let output = folder + "/out.csv"
        let result = try CommandRunner.run(arguments + ["--output", output])
        XCTAssertEqual(result.status, 2, "\(arguments): \(result.standardError)", line: line)
        XCTAssertTrue(result.standardError.hasPrefix("motionbench: "), result.standardError, line: line)
        for fragment in fragments {
            XCTAssertTrue(result.standardError.contains(fragment), "\(fragment) not in: \(result.standardError)", line: line)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: output), "a failed capture wrote \(output)", line: line)
    }

    func testAnUnknownBrowserIsNamed() throws {
        try assertBadInput(["capture", "opera"], ["unknown browser 'opera'", "chromium, firefox, webkit"])
    }

    func testABrowserPathThatDoesNotExistIsNamed() throws {
        try assertBadInput(["capture", "chromium", "--browser", folder + "/missing"],
                           ["capture chromium: --browser '\(folder)/missing' does not exist"])
    }

    func testCurvesSpecsPassParsingAndTheBrowserIsNamed() throws {
        // Valid --curves values (repeated, with commas, a set beside a spec): the error is the missing browser's.
        try assertBadInput(["capture", "chromium", "--browser", folder + "/missing", "--curves", "cubic-bezier(1,0,0,1)",
                            "--curves", "steps(4, jump-end)", "--curves", "presets", "--curves", "linear(0, 0.25 75%, 1)"],
                           ["capture chromium: --browser '\(folder)/missing' does not exist"])
    }

    func testCurvesValuesThatAreNoneOfTheFormsAreNamed() throws {
        let browser = ["capture", "chromium", "--browser", folder + "/missing"]
        try assertBadInput(browser + ["--curves", "cubic-bezier(1,0,0"],
                           ["capture: --curves 'cubic-bezier(1,0,0'", "curve set (presets, hard, all)", "JSON file",
                            "timing-function spec"])
        try assertBadInput(browser + ["--curves", "spring(1, 100, 10)"], ["--curves 'spring(1, 100, 10)' is a spring"])
        try assertBadInput(browser + ["--curves", "presets", "--curves", "ease"], ["'ease' appears twice"])
    }

    func testABrowserThatPrintsGarbageIsNamed() throws {
        let fake = try fakeBrowser("chromium", version: "Chromium 1.2.3 built here", "echo '<html>garbage</html>'")
        try assertBadInput(["capture", "chromium", "--browser", fake, "--curves", "presets", "--samples", "11"],
                           ["capture chromium: chromium 1.2.3 printed no capture", "exited 0"])
    }

    func testATruncatedCaptureIsCaught() throws {
        let fake = try fakeBrowser("firefox", version: "Mozilla Firefox 9.9esr",
                                   "printf 'motionbench-capture-begin\\n=0 0\\n=0.1 0.1\\n'")
        try assertBadInput(["capture", "firefox", "--browser", fake, "--curves", "presets", "--samples", "11", "--durations", "1"],
                           ["capture firefox: firefox 9.9esr's output was cut short after 2 of 55 rows"])
    }

    func testARejectedEasingNamesTheSpecAndTheBrowser() throws {
        let fake = try fakeBrowser("firefox", version: "Mozilla Firefox 9.9esr",
                                   "printf 'motionbench-capture-begin\\nmotionbench-capture-error 1 TypeError: Invalid easing\\n'")
        try assertBadInput(["capture", "firefox", "--browser", fake, "--curves", "presets", "--samples", "2"],
                           ["capture firefox: firefox 9.9esr rejected the easing 'ease-in': TypeError: Invalid easing"])
    }

    func testABrowserWithoutAVersionIsNamed() throws {
        let fake = folder + "/silent"
        try "#!/bin/sh\nexit 3\n".write(toFile: fake, atomically: false, encoding: .utf8)
        chmod(fake, 0o755)
        try assertBadInput(["capture", "chromium", "--browser", fake], ["capture chromium:", "--version' exited 3", "is it chromium?"])
    }

    func testAHangingBrowserIsStoppedAtTheTimeout() throws {
        let fake = try fakeBrowser("firefox", version: "Mozilla Firefox 9.9esr", "sleep 30 & sleep 30")
        let started = Date()
        try assertBadInput(["capture", "firefox", "--browser", fake, "--timeout", "1", "--samples", "2"],
                           ["capture firefox:", "did not finish within 1 s"])
        XCTAssertLessThan(Date().timeIntervalSince(started), 15)
    }

    func testBadOptionsExitTwoNamingTheOption() throws {
        try assertBadInput(["capture", "chromium", "--durations", "0.25,x"], ["--durations", "'x'"])
        try assertBadInput(["capture", "chromium", "--durations", "0"], ["--durations"])
        try assertBadInput(["capture", "chromium", "--samples", "1"], ["--samples 1"])
        try assertBadInput(["capture", "chromium", "--timeout", "-1"], ["--timeout"])
        let springs = folder + "/springs.json"
        try #"["ease", "spring(1, 100, 10)"]"#.write(toFile: springs, atomically: false, encoding: .utf8)
        try assertBadInput(["capture", "chromium", "--curves", springs], ["is a spring"])
        try assertBadInput(["capture", "chromium", "--curves", folder + "/none.json"], ["capture: --curves"])
    }
}
