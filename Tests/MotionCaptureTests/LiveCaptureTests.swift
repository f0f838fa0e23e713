import Foundation
@testable import MotionCapture
import MotionCore
@testable import MotionReports
import XCTest
import MotionTestSupport

/// Captures a few curves from each browser, reads the capture as `accuracy --measured` does, and holds the outputs to
/// the exact answers and the in-repo ports to the live engine they model.
///
/// A missing browser fails these tests with what to install (CI installs all three), unless
/// `MOTIONBENCH_NO_BROWSERS=1`, which skips them.
final class LiveCaptureTests: XCTestCase {
    private static let plan = try! CapturePlan(
        specs: ["ease", "cubic-bezier(0.7, -0.5, 0.3, 1.5)", "steps(4, jump-end)", "linear(0, 0.25 75%, 1)"],
        inputs: CapturePlan.evenlySpaced(11), durations: [0.25, 1])

    func testChromium() throws { try check(.chromium) }
    func testFirefox() throws { try check(.firefox) }
    func testWebKit() throws { try check(.webkit) }

    func testChromiumSearched() throws { try checkSearched(.chromium, duration: 1, atLeast: 1e-3) }
    func testFirefoxSearched() throws { try checkSearched(.firefox, duration: 1, atLeast: 1e-3) }
    func testWebKitSearched() throws { try checkSearched(.webkit, duration: 0.25, atLeast: 0.1) }

    func testEveryBrowserIsCovered() {
        XCTAssertEqual(CaptureBrowsers.all.map(\.name), ["chromium", "firefox", "webkit"],
                       "a new browser needs a live test here")
    }

    /// Whether `browser` can run here; fails (or skips with MOTIONBENCH_NO_BROWSERS=1) when it cannot.
    private func requireInstalled(_ browser: CaptureBrowser) throws -> Bool {
        let installed = browser.findExecutable() != nil
            && (browser.name != "webkit" || (try? browser.readVersion("/usr/bin/python3", .init(timeout: 30))) != nil)
        guard installed else {
            let message = "\(browser.name) is not installed: \(browser.install)"
            if ProcessInfo.processInfo.environment["MOTIONBENCH_NO_BROWSERS"] == "1" {
                throw MissingPrerequisite.error(message + " (skipped: MOTIONBENCH_NO_BROWSERS=1)")
            }
            XCTFail(message + ", or set MOTIONBENCH_NO_BROWSERS=1 to skip the live captures")
            return false
        }
        return true
    }

    /// A searched capture of cubic-bezier(1,0,0,1), whose centre is vertical: the grid misses what the browsers do
    /// within 1e-7 of x = 0.5 (Chromium's and Firefox's 1e-7 tolerance on x, WebKit's 1/(1000·duration)); the search
    /// finds at least `atLeast`, and the in-repo port, fed the browser's effective input, gives the browser's outputs.
    private func checkSearched(_ browser: CaptureBrowser, duration: Double, atLeast: Double) throws {
        guard try requireInstalled(browser) else { return }
        let rounds = try CaptureSearch.run(browser, specs: ["cubic-bezier(1,0,0,1)"], grid: CapturePlan.evenlySpaced(1001),
                                           durations: [duration], budget: .captureDefault, executable: nil, timeout: 60)
        XCTAssertEqual(rounds.map(\.round), Array(0...SearchBudget.captureDefault.rounds))
        let measured = try MeasuredSamplesReader.read(CaptureSamples.csv(rounds), file: "\(browser.name)-searched.csv")
        let study = MeasuredStudy.run(measured, files: ["\(browser.name)-searched.csv"])
        let overall = try XCTUnwrap(study.implementations.first?.overall)
        XCTAssertGreaterThanOrEqual(overall.maxAbsError, atLeast, "\(browser.name) at \(duration) s: the search's worst")
        XCTAssertLessThan(overall.grid?.maxAbsError ?? 1, overall.maxAbsError, "the search found more than the grid")
        let distance = try XCTUnwrap(study.distances.first { $0.strategy == browser.name })
        XCTAssertEqual(distance.maxDifference, 0, AccuracyRenderer.distanceSentence(distance))
    }

    /// Captures `plan` from `browser` and checks what the accuracy report would make of it.
    private func check(_ browser: CaptureBrowser) throws {
        guard try requireInstalled(browser) else { return }
        let samples = try BrowserCapture.run(browser, plan: Self.plan, executable: nil, timeout: 60)
        XCTAssertTrue(samples.implementation.hasPrefix(browser.name + " "), samples.implementation)
        // The capture parses as a samples file: header, five fields per row, specs that parse, finite numbers.
        let measured = try MeasuredSamplesReader.read(samples.csv(), file: "\(browser.name).csv")
        XCTAssertEqual(measured.count, Self.plan.rowCount)
        XCTAssertEqual(Set(measured.compactMap(\.duration)), [0.25, 1])
        for sample in measured {
            guard case .timingFunction(let function) = sample.spec, case .steps = function else { continue }
            // At a jump the browser's seek may land just before it.
            let candidates = [function.value(at: sample.input), function.value(at: sample.input, before: true),
                              function.value(at: sample.input - 1e-9)]
            XCTAssertTrue(candidates.contains(sample.output), "\(browser.name): \(sample.source) \(sample.output)")
        }
        let study = MeasuredStudy.run(measured, files: ["\(browser.name).csv"])
        XCTAssertEqual(study.implementations.count, 2, "one row per duration")
        for row in study.implementations {
            for (spec, statistics) in row.perSpec where !spec.hasPrefix("steps") {
                // A plausible band: browsers solve Béziers to about 1e-7 in x; none is off by a visible amount here.
                XCTAssertLessThan(statistics.maxAbsError, 1e-4, "\(row.label) \(spec)")
                XCTAssertEqual(statistics.monotonicityViolations ?? 0, 0, "\(row.label) \(spec)")
            }
        }
        // The port of this engine gives its outputs (up to the engine's own rounding of the seek time).
        let distances = study.distances.filter { ["chromium", "webkit", "firefox"].contains($0.strategy) }
        XCTAssertEqual(distances.count, 2, "\(study.distances.map(\.strategy))")
        for distance in distances {
            XCTAssertLessThan(distance.maxDifference, 1e-7, AccuracyRenderer.distanceSentence(distance))
        }
    }
}
