import Foundation
@testable import MotionCapture
import MotionCore
import XCTest

/// Captures a few curves from each installed browser and holds the outputs to the exact answers.
///
/// A missing Chromium or Firefox fails these tests with what to install (CI installs both), unless
/// `MOTIONBENCH_NO_BROWSERS=1`, which skips them; a missing WebKitGTK skips (CI installs it when it fits).
final class LiveCaptureTests: XCTestCase {
    private static let plan = try! CapturePlan(
        specs: ["ease", "cubic-bezier(0.7, -0.5, 0.3, 1.5)", "steps(4, jump-end)", "linear(0, 0.25 75%, 1)"],
        inputs: CapturePlan.evenlySpaced(11), durations: [0.25, 1])

    func testChromium() throws { try check(.chromium, required: true) }
    func testFirefox() throws { try check(.firefox, required: true) }
    func testWebKit() throws { try check(.webkit, required: false) }

    func testEveryBrowserIsCovered() {
        XCTAssertEqual(CaptureBrowsers.all.map(\.name), ["chromium", "firefox", "webkit"],
                       "a new browser needs a live test here")
    }

    /// Captures `plan` from `browser` and checks the CSV.
    private func check(_ browser: CaptureBrowser, required: Bool) throws {
        let environment = ProcessInfo.processInfo.environment
        let installed = browser.findExecutable() != nil
            && (browser.name != "webkit" || (try? browser.readVersion("/usr/bin/python3", .init(timeout: 30))) != nil)
        guard installed else {
            let message = "\(browser.name) is not installed: \(browser.install)"
            if environment["MOTIONBENCH_NO_BROWSERS"] == "1" || !required {
                throw XCTSkip(message + (required ? " (skipped: MOTIONBENCH_NO_BROWSERS=1)" : ""))
            }
            return XCTFail(message + ", or set MOTIONBENCH_NO_BROWSERS=1 to skip the live captures")
        }
        let started = Date()
        let samples = try BrowserCapture.run(browser, plan: Self.plan, executable: nil, timeout: 60)
        XCTAssertLessThan(Date().timeIntervalSince(started), 30, "\(browser.name) took too long")
        let records = Self.records(samples.csv())
        XCTAssertEqual(records.first, CaptureSamples.header)
        XCTAssertEqual(records.count, Self.plan.rowCount + 1)
        XCTAssertTrue(samples.implementation.hasPrefix(browser.name + " "), samples.implementation)
        for record in records.dropFirst() {
            guard record.count == 5 else { return XCTFail("\(browser.name): \(record) does not have 5 fields") }
            XCTAssertEqual(record[0], samples.implementation)
            let spec = try TimingFunction(spec: record[1])
            guard let input = Double(record[2]), let output = Double(record[3]), let duration = Double(record[4]),
                  input.isFinite, output.isFinite, [0.25, 1].contains(duration)
            else { return XCTFail("\(browser.name): \(record) holds a field that is not a finite number") }
            let exact = spec.value(at: input)
            switch spec {
            case .steps:
                // At a jump the browser's seek may land just before it.
                let candidates = [exact, spec.value(at: input, before: true), spec.value(at: input - 1e-9)]
                XCTAssertTrue(candidates.contains(output), "\(browser.name): \(record) (exact \(exact))")
            default:
                // Browsers solve Béziers to about 1e-6 in x and seek in whole microseconds at 0.25 s.
                XCTAssertEqual(output, exact, accuracy: duration == 1 ? 1e-3 : 2e-3, "\(browser.name): \(record)")
            }
        }
    }

    /// RFC 4180 records (CRLF line ends; quoted fields with doubled quotes, none spanning lines).
    static func records(_ text: String) -> [[String]] {
        text.split(whereSeparator: \.isNewline).map { line in
            var fields: [String] = [], field = "", quoted = false, justClosed = false
            for character in line {
                if quoted {
                    if character == "\"" { quoted = false; justClosed = true } else { field.append(character) }
                    continue
                }
                switch character {
                case "\"":
                    if justClosed { field.append("\"") }  // a doubled quote inside a quoted field
                    quoted = true
                case ",": fields.append(field); field = ""
                default: field.append(character)
                }
                justClosed = false
            }
            return fields + [field]
        }
    }
}
