import MotionCore
import XCTest

final class TimingModelTests: XCTestCase {
    private func number(_ text: String) throws -> Double {
        switch text {
        case "inf": return .infinity
        case "forever": return MediaTiming.forever
        default: return try XCTUnwrap(Double(text), "bad number '\(text)'")
        }
    }

    private func assertResult(_ result: TimingResult, phase: String, iteration: String, progress: String,
                              _ message: String, file: StaticString = #filePath, line: UInt = #line) throws {
        XCTAssertEqual(result.phase.rawValue, phase, message, file: file, line: line)
        if iteration == "null" {
            XCTAssertNil(result.currentIteration, message, file: file, line: line)
        } else {
            XCTAssertEqual(result.currentIteration, try number(iteration), message, file: file, line: line)
        }
        if progress == "null" {
            XCTAssertNil(result.progress, message, file: file, line: line)
        } else {
            XCTAssertEqual(try XCTUnwrap(result.progress, message), try number(progress), accuracy: 1e-12, message,
                           file: file, line: line)
        }
    }

    func testWebAnimationsVectors() throws {
        let rows = try VectorFileTests.rows(of: "web-animations-timing.csv", columns: 12)
        XCTAssertGreaterThanOrEqual(rows.count, 26)
        for row in rows {
            let timing = try EffectTiming(
                duration: try number(row[0]), iterations: try number(row[1]), iterationStart: try number(row[2]),
                delay: try number(row[3]), endDelay: try number(row[4]),
                fill: try XCTUnwrap(EffectTiming.Fill(rawValue: row[5])),
                direction: try XCTUnwrap(EffectTiming.Direction(rawValue: row[6])))
            try assertResult(timing.evaluate(at: try number(row[7])), phase: row[8], iteration: row[9], progress: row[10],
                             row.joined(separator: ","))
        }
    }

    func testCoreAnimationVectors() throws {
        let rows = try VectorFileTests.rows(of: "core-animation-timing.csv", columns: 14)
        XCTAssertGreaterThanOrEqual(rows.count, 15)
        for row in rows {
            let timing = try MediaTiming(
                beginTime: try number(row[0]), duration: try number(row[1]), speed: try number(row[2]),
                timeOffset: try number(row[3]), repeatCount: try number(row[4]), repeatDuration: try number(row[5]),
                autoreverses: row[6] == "true", fillMode: try XCTUnwrap(MediaTiming.FillMode(rawValue: row[7])),
                removedOnCompletion: row[8] == "true")
            try assertResult(timing.evaluate(parentTime: try number(row[9])), phase: row[10], iteration: row[11],
                             progress: row[12], row.joined(separator: ","))
        }
    }

    /// CA(d, r, autoreverses) ≡ WA(d, 2r, alternate) at every sampled time, with any easing.
    func testCoreAnimationAutoreverseEqualsWebAnimationsAlternate() throws {
        var generator = SplitMix64(seed: 41)
        for _ in 0..<200 {
            let duration = Double.random(in: 0.1...3, using: &generator)
            let repeats = Double(Int.random(in: 1...4, using: &generator)) * (Bool.random(using: &generator) ? 1 : 0.75)
            let ca = try MediaTiming(duration: duration, repeatCount: repeats, autoreverses: true, fillMode: .both,
                                     removedOnCompletion: false, timingFunction: .cubicBezier(.easeInOut))
            let wa = try EffectTiming(duration: duration, iterations: 2 * repeats, fill: .both, direction: .alternate,
                                      easing: .cubicBezier(.easeInOut))
            for _ in 0..<50 {
                let t = Double.random(in: -1...(2 * duration * repeats + 1), using: &generator)
                XCTAssertEqual(ca.evaluate(parentTime: t), wa.evaluate(at: t), "d \(duration) r \(repeats) t \(t)")
            }
        }
    }

    func testEasingAndBeforeFlagReachSteps() throws {
        let timing = try EffectTiming(duration: 10, delay: 2, fill: .both, easing: .steps(try Steps(count: 1, position: .jumpStart)))
        XCTAssertEqual(timing.evaluate(at: 0).progress, 0, "before phase going forwards sets the before flag")
        XCTAssertEqual(timing.evaluate(at: 2).progress, 1, "active at 0: the jump at the start has happened")
        let eased = try EffectTiming(duration: 1, easing: .cubicBezier(.ease))
        XCTAssertEqual(eased.evaluate(at: 0.3).progress, CubicBezier.ease.value(at: 0.3))
    }

    func testTimingTreeScalesAndClips() throws {
        let layer = TimingNode(.layer, try MediaTiming(speed: 2))
        let group = TimingNode(.group, try MediaTiming(duration: 1))
        let animation = TimingNode(.animation, try MediaTiming(duration: 3))
        // Layer speed 2: root 0.1 s is 0.2 s in the group and the animation.
        XCTAssertEqual(try XCTUnwrap(TimingNode.evaluate(path: [layer, group, animation], at: 0.1).progress),
                       0.2 / 3, accuracy: 1e-15)
        // The group (1 s, removed) clips its 3 s child: at group time 1.2 s the child is gone.
        XCTAssertEqual(TimingNode.evaluate(path: [layer, group, animation], at: 0.6).phase, .idle)
        // A group that fills forwards holds its children at its end time (1 s into the 3 s child).
        let holding = TimingNode(.group, try MediaTiming(duration: 1, fillMode: .forwards, removedOnCompletion: false))
        XCTAssertEqual(try XCTUnwrap(TimingNode.evaluate(path: [layer, holding, animation], at: 5).progress),
                       1.0 / 3, accuracy: 1e-15)
        // A paused layer (speed 0, timeOffset 0.25) freezes everything below it.
        let paused = TimingNode(.layer, try MediaTiming(speed: 0, timeOffset: 0.25))
        for t in [0.0, 1, 100] {
            XCTAssertEqual(try XCTUnwrap(TimingNode.evaluate(path: [paused, group, animation], at: t).progress),
                           0.25 / 3, accuracy: 1e-15)
        }
    }

    func testInvalidTimingIsRejectedWithClearMessages() {
        XCTAssertThrowsError(try EffectTiming(duration: -1)) { XCTAssertEqual("\($0)", "timing: duration = -1 must be ≥ 0") }
        XCTAssertThrowsError(try EffectTiming(duration: .nan))
        XCTAssertThrowsError(try EffectTiming(duration: 1, iterations: -2))
        XCTAssertThrowsError(try EffectTiming(duration: 1, iterationStart: -0.5))
        XCTAssertThrowsError(try MediaTiming(duration: 1, repeatCount: 2, repeatDuration: 3)) { error in
            XCTAssertTrue("\(error)".contains("cannot be set together with repeatCount"))
        }
        XCTAssertThrowsError(try MediaTiming(duration: -0.5))
        XCTAssertThrowsError(try MediaTiming(duration: 1, speed: .infinity))
    }
}
