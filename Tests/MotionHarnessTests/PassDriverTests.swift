import MotionEngine
@testable import MotionHarness
import XCTest

/// The one pass driver: the order of its passes, the records it keeps, its median over the timed passes, and a
/// failure ending the run.
final class PassDriverTests: XCTestCase {
    /// A record of one frame taking `nanoseconds`.
    private func record(_ nanoseconds: UInt64) -> FrameRecord {
        var record = FrameRecord(frames: 1)
        let reading = CPUReading(cpuNanoseconds: 0, involuntarySwitches: 0)
        record.append(frame: 1, nanoseconds: nanoseconds, before: reading, after: reading)
        return record
    }

    func testWarmUpThenCheckedThenTimedPassesInOrder() {
        var asked: [PassDriver.Pass] = [], seen: [Int] = []
        let times: [UInt64] = [900, 300, 100]
        let outcome = PassDriver.run(warmupPasses: 2, repeats: 3, pass: { pass in
            asked.append(pass)
            if case .timed(let index, _) = pass { return self.record(times[index]) }
            return self.record(pass == .checked ? 5_000 : 7_000)
        }, afterTimed: { index, _ in seen.append(index) })
        XCTAssertEqual(asked, [.warmUp(index: 0, count: 2), .warmUp(index: 1, count: 2), .checked,
                               .timed(index: 0, count: 3), .timed(index: 1, count: 3), .timed(index: 2, count: 3)])
        XCTAssertEqual(seen, [0, 1, 2])
        XCTAssertEqual(outcome.checked.frameNanoseconds, [5_000])
        XCTAssertEqual(outcome.timed.map(\.frameNanoseconds), [[900], [300], [100]])
        // 10 layers: 90, 30 and 10 ns per layer-frame; the median is the middle one, the range spans all three.
        let figure = outcome.nsPerLayerFrame(layers: 10)
        XCTAssertEqual(figure.median, 30, accuracy: 1e-12)
        XCTAssertEqual(figure.range, 10...90)
        XCTAssertEqual(outcome.noise(threads: 1).frames, 3, "the noise covers the timed passes only")
    }

    func testOnePassAtLeastAndNoRangeForOne() {
        var timed = 0
        let outcome = PassDriver.run(warmupPasses: 0, repeats: 0, pass: { pass in
            if case .timed = pass { timed += 1 }
            return self.record(40)
        }, afterTimed: { _, _ in })
        XCTAssertEqual(timed, 1)
        XCTAssertNil(outcome.nsPerLayerFrame(layers: 4).range)
        XCTAssertEqual(outcome.nsPerLayerFrame(layers: 4).median, 10, accuracy: 1e-12)
    }

    func testAFailureEndsTheRun() {
        var asked = 0
        do {
            _ = try PassDriver.run(warmupPasses: 1, repeats: 3, pass: { (pass) throws(EngineError) -> FrameRecord in
                asked += 1
                if pass == .checked { throw EngineError("stop") }
                return self.record(1)
            }, afterTimed: { _, _ throws(EngineError) in })
            XCTFail("the failure should end the run")
        } catch {
            XCTAssertEqual(error.message, "stop")
        }
        XCTAssertEqual(asked, 2, "no timed pass after the checked pass failed")
    }
}
