@testable import MotionHarness
import XCTest

/// `FrameNoise` from recorded frames: quiet frames flag nothing, frames the scheduler took the CPU from flag the row
/// with the reason, and the frames behind p99 are the slowest ones.
final class FrameNoiseTests: XCTestCase {
    /// A pass of frames with wall times `wall` (ns), CPU times `cpu` (ns) and involuntary switches `switches`.
    private func pass(wall: [UInt64], cpu: [UInt64], switches: [Int]) -> FrameRecord {
        var record = FrameRecord(frames: wall.count)
        var clock = CPUReading(cpuNanoseconds: 1_000, involuntarySwitches: 3)
        for index in wall.indices {
            let before = clock
            clock.cpuNanoseconds += cpu[index]
            clock.involuntarySwitches += switches[index]
            record.append(frame: index + 1, nanoseconds: wall[index], before: before, after: clock)
        }
        return record
    }

    func testQuietFramesAreNotFlagged() {
        // 240 frames of 100 µs ± a few µs, all running; the CPU clock may read a little past the wall clock.
        let wall = (0..<240).map { UInt64(100_000 + ($0 * 37) % 5_000) }
        let noise = FrameNoise(passes: [pass(wall: wall, cpu: wall.map { $0 + 300 }, switches: Array(repeating: 0, count: 240))],
                               threads: 1, loadStart: 0.4, loadEnd: 0.6)
        XCTAssertFalse(noise.flagged, noise.reason ?? "")
        XCTAssertNil(noise.reason)
        XCTAssertEqual(noise.notRunningShare, 0)
        XCTAssertEqual(noise.preemptedFrames, 0)
        XCTAssertEqual(noise.frames, 240)
        XCTAssertEqual(noise.loadAverage, FrameNoise.LoadAverage(start: 0.4, end: 0.6))
        // Nearest rank over 240 frames: p99 is the 238th smallest, so three frames are at or behind it, slowest first.
        XCTAssertEqual(noise.framesBehindP99.count, 3)
        XCTAssertEqual(noise.framesBehindP99.map(\.ms), wall.sorted(by: >).prefix(3).map { Double($0) / 1e6 })
        XCTAssertTrue(noise.framesBehindP99.allSatisfy { $0.runningShare == 1 && $0.involuntarySwitches == 0 })
    }

    func testAPreemptedTailIsFlaggedWithItsFrames() {
        // Quiet except frames 50, 120 and 200, each preempted for 4 ms while running 100 µs: they are the p99 tail
        // (with 240 frames p99 is the third slowest).
        var wall = Array(repeating: UInt64(100_000), count: 240), cpu = wall, switches = Array(repeating: 0, count: 240)
        for index in [49, 119, 199] { (wall[index], switches[index]) = (4_100_000, 1) }
        let noise = FrameNoise(passes: [pass(wall: wall, cpu: cpu, switches: switches)], threads: 1, loadStart: 3, loadEnd: 3.5)
        XCTAssertTrue(noise.flagged)
        let reason = try? XCTUnwrap(noise.reason)
        XCTAssertTrue(reason?.contains("its p99 frame (4.100 ms, 41.0× the median) was preempted") == true, reason ?? "")
        XCTAssertEqual(noise.preemptedFrames, 3)
        XCTAssertEqual(Set(noise.framesBehindP99.map(\.frame)), [50, 120, 200])
        XCTAssertEqual(noise.framesBehindP99[0].runningShare, 100_000 / 4_100_000, accuracy: 1e-12)
        // 12 ms of 36 ms not running, over the 5% limit for one thread.
        XCTAssertEqual(noise.notRunningShare, 12_000_000 / (237 * 100_000 + 3 * 4_100_000), accuracy: 1e-12)
        XCTAssertTrue(reason?.contains("its thread was not running for 33.3% of the frame time") == true, reason ?? "")
    }

    func testManyFramesSlowedByPreemptionFlagEvenWithAQuietTail() {
        // Two threads; 20 of 200 frames preempted and slowed to 1.6× the median, while the three slowest frames (the
        // p99 tail) ran undisturbed: flagged for the share of slowed frames alone.
        var wall = Array(repeating: UInt64(100_000), count: 200), switches = Array(repeating: 0, count: 200)
        for index in stride(from: 0, to: 200, by: 10) { (wall[index], switches[index]) = (160_000, 1) }
        for index in [5, 105, 155] { wall[index] = 300_000 }
        let noise = FrameNoise(passes: [pass(wall: wall, cpu: wall.map { $0 * 2 }, switches: switches)],
                               threads: 2, loadStart: nil, loadEnd: nil)
        XCTAssertEqual(noise.preemptedFrames, 20)
        XCTAssertEqual(noise.slowedFrames, 20)
        XCTAssertTrue(noise.flagged)
        XCTAssertEqual(noise.reason, "20 of 200 frames were slowed by preemption")
        XCTAssertEqual(noise.loadAverage, FrameNoise.LoadAverage(start: nil, end: nil))
    }

    func testBriefPreemptionsOfLongFramesAreNotFlagged() {
        // 120 frames of 15 ms on one thread (a million layers), one in ten switched out for 20 µs: preempted, not
        // slowed, and nothing is flagged.
        var wall = (0..<120).map { UInt64(15_000_000 + $0 * 1_000) }, switches = Array(repeating: 0, count: 120)
        let cpu = wall
        for index in stride(from: 0, to: 120, by: 10) { (wall[index], switches[index]) = (wall[index] + 20_000, 1) }
        let noise = FrameNoise(passes: [pass(wall: wall, cpu: cpu, switches: switches)], threads: 1, loadStart: 1, loadEnd: 1)
        XCTAssertEqual(noise.preemptedFrames, 12)
        XCTAssertEqual(noise.slowedFrames, 0)
        XCTAssertFalse(noise.flagged, noise.reason ?? "")
    }

    func testSeveralThreadsWaitingIsNotPreemption() {
        // Two threads, the second idle half of every frame (one chunk finished early): half the thread-time is not
        // running, yet nothing was preempted, so nothing is flagged.
        let wall = Array(repeating: UInt64(50_000), count: 120)
        let noise = FrameNoise(passes: [pass(wall: wall, cpu: wall.map { $0 * 3 / 2 }, switches: Array(repeating: 0, count: 120))],
                               threads: 2, loadStart: 1, loadEnd: 1)
        XCTAssertEqual(noise.notRunningShare, 0.25, accuracy: 1e-12)
        XCTAssertFalse(noise.flagged, noise.reason ?? "")
    }

    func testPassesArePooledAndNumbered() {
        let quiet = pass(wall: Array(repeating: 100_000, count: 50), cpu: Array(repeating: 100_000, count: 50),
                         switches: Array(repeating: 0, count: 50))
        let slow = pass(wall: [3_000_000] + Array(repeating: 100_000, count: 49), cpu: Array(repeating: 100_000, count: 50),
                    switches: [1] + Array(repeating: 0, count: 49))
        let noise = FrameNoise(passes: [quiet, slow], threads: 1, loadStart: nil, loadEnd: nil)
        XCTAssertEqual(noise.frames, 100)
        XCTAssertEqual(noise.framesBehindP99.first?.pass, 2)
        XCTAssertEqual(noise.framesBehindP99.first?.frame, 1)
        XCTAssertTrue(noise.flagged)
    }

    func testTheReadingsOfThisThreadAdvance() {
        let before = CPUReading.now(threads: 1)
        var sum = 0.0
        for index in 0..<2_000_000 { sum += Double(index).squareRoot() }
        let after = CPUReading.now(threads: 1)
        XCTAssertGreaterThan(sum, 0)
        XCTAssertGreaterThan(after.cpuNanoseconds, before.cpuNanoseconds)
        XCTAssertGreaterThanOrEqual(after.involuntarySwitches, before.involuntarySwitches)
        XCTAssertGreaterThan(CPUReading.now(threads: 2).cpuNanoseconds, 0)
        XCTAssertNotNil(CPUReading.loadAverage())
    }
}

/// A disturbed row in every format: the verdict says so, the capacity line states no limit and says how to rerun,
/// the JSON's limit is null with the reason.
final class DisturbedRunReportTests: XCTestCase {
    func testADisturbedRowWithholdsTheLimitEverywhere() throws {
        let options = FrameHarness.Options(scenario: try Scenario.named("fade"), layerCounts: [20, 40],
                                           clock: .fixed(rate: 120, frames: 2), threads: 1, verify: false)
        var results = FrameHarness.run(options)
        var quietRecord = FrameRecord(frames: 1), busyRecord = quietRecord
        let start = CPUReading(cpuNanoseconds: 0, involuntarySwitches: 0)
        quietRecord.append(frame: 1, nanoseconds: 1_000, before: start, after: CPUReading(cpuNanoseconds: 1_000, involuntarySwitches: 0))
        busyRecord.append(frame: 1, nanoseconds: 5_000_000, before: start, after: CPUReading(cpuNanoseconds: 1_000, involuntarySwitches: 2))
        results[0].noise = FrameNoise(passes: [quietRecord], threads: 1, loadStart: 0.2, loadEnd: 0.2)
        results[1].noise = FrameNoise(passes: [busyRecord], threads: 1, loadStart: 3.9, loadEnd: 4.1)
        XCTAssertEqual(results.map(\.isDisturbed), [false, true])
        let report = HarnessRunReport(results: results, machine: .current, details: true)
        // The summary states the estimate of the undisturbed row, says so, and names the disturbed row on its own line,
        // not in a cell; with every row disturbed it states none.
        let summary = HarnessRunReport(results: results, machine: .current).tableText()
        XCTAssertTrue(summary.contains("at the slowest frame: ≥ 20 layers from the undisturbed rows (warning below)"), summary)
        var allDisturbed = results
        allDisturbed[0].noise = allDisturbed[1].noise
        let none = HarnessRunReport(results: allDisturbed, machine: .current).tableText()
        XCTAssertTrue(none.contains("not stated, the batch's timing was disturbed"), none)
        XCTAssertTrue(summary.contains("warning: disturbed timing (rerun when quiet): batch at 40 layers\n"), summary)
        let table = report.tableText()
        XCTAssertTrue(table.contains("Max layers in budget: not stated, because the run was disturbed (40 layers: its thread "
                                     + "was not running for 100.0% of the frame time"), table)
        XCTAssertTrue(table.contains("load average 4.1 on") && table.contains("--repeat 5"), table)
        XCTAssertFalse(table.contains("Max layers in budget (p99"), table)
        XCTAssertTrue(table.contains("  fits\n") && table.contains("  disturbed\n"), table)
        XCTAssertTrue(table.contains("p99 = max of 2 ms") && table.contains("with 2 frames (fewer than 100)"), table)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(report.jsonDocument(metadata: nil).utf8)) as? [String: Any])
        let budget = try XCTUnwrap(json["budget"] as? [String: Any])
        XCTAssertTrue(budget["maxLayers"] is NSNull)
        XCTAssertTrue((budget["notStated"] as? String ?? "").contains("disturbed"))
        let rows = try XCTUnwrap(json["results"] as? [[String: Any]])
        XCTAssertEqual((rows[1]["noise"] as? [String: Any])?["flagged"] as? Bool, true)
        XCTAssertEqual((rows[0]["noise"] as? [String: Any])?["flagged"] as? Bool, false)
        XCTAssertTrue(report.htmlPage(provenance: nil).contains("not stated, because the run was disturbed"))
    }
}
