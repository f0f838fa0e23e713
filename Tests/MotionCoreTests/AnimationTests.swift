import MotionCore
import XCTest

final class AnimationTests: XCTestCase {
    private func timing(_ duration: Double = 1, fill: MediaTiming.FillMode = .both, repeatCount: Double = 0,
                        autoreverses: Bool = false, easing: TimingFunction = .linear(.identity)) throws -> MediaTiming {
        try MediaTiming(duration: duration, repeatCount: repeatCount, autoreverses: autoreverses, fillMode: fill,
                        removedOnCompletion: false, timingFunction: easing)
    }

    func testBasicFromToByRules() throws {
        let t = try timing()
        func value(_ from: Double?, _ to: Double?, _ by: Double?) throws -> Double? {
            try BasicAnimation(from: from, to: to, by: by, timing: t).value(atParentTime: 0.5, current: 10)
        }
        XCTAssertEqual(try value(0, 4, nil), 2)
        XCTAssertEqual(try value(2, nil, 4), 4)  // 2 → 6
        XCTAssertEqual(try value(nil, 8, 4), 6)  // 4 → 8
        XCTAssertEqual(try value(0, nil, nil), 5)  // 0 → current 10
        XCTAssertEqual(try value(nil, 20, nil), 15)  // current → 20
        XCTAssertEqual(try value(nil, nil, 4), 12)  // 10 → 14
        XCTAssertEqual(try value(nil, nil, nil), 10)
        XCTAssertThrowsError(try BasicAnimation<Double>(from: 0, to: 1, by: 1, timing: t))
    }

    func testAdditiveAndCumulative() throws {
        let additive = try BasicAnimation<Double>(from: 0, to: 4, timing: try timing(), isAdditive: true)
        XCTAssertEqual(additive.value(atParentTime: 0.5, current: 100), 102)
        let cumulative = try BasicAnimation<Double>(from: 0, to: 10, timing: try timing(repeatCount: 3), isCumulative: true)
        XCTAssertEqual(try XCTUnwrap(cumulative.value(atParentTime: 2.5, current: 0)), 25, accuracy: 1e-12)
        let point = try BasicAnimation<Point>(from: Point(x: 0, y: 0), to: Point(x: 10, y: -4), timing: try timing())
        XCTAssertEqual(point.value(atParentTime: 0.25, current: .zero), Point(x: 2.5, y: -1))
        let removed = try BasicAnimation<Double>(from: 0, to: 1, timing: MediaTiming(duration: 1))
        XCTAssertNil(removed.value(atParentTime: 2, current: 5), "removed after completion")
    }

    func testKeyframeModes() throws {
        let values: [Double] = [0, 10, 40]
        let linear = try KeyframeAnimation(values: values, keyTimes: [0, 0.5, 1], timing: try timing())
        XCTAssertEqual(linear.value(atProgress: 0.25), 5)
        XCTAssertEqual(linear.value(atProgress: 0.75), 25)
        let eased = try KeyframeAnimation(values: values, timingFunctions: [.cubicBezier(.easeIn), .linear(.identity)],
                                          timing: try timing())
        XCTAssertEqual(eased.value(atProgress: 0.25), 10 * CubicBezier.easeIn.value(at: 0.5), accuracy: 1e-12)
        let discrete = try KeyframeAnimation(values: values, keyTimes: [0, 0.3, 0.6, 1], calculationMode: .discrete,
                                             timing: try timing())
        XCTAssertEqual(discrete.value(atProgress: 0.29), 0)
        XCTAssertEqual(discrete.value(atProgress: 0.3), 10)
        XCTAssertEqual(discrete.value(atProgress: 0.99), 40)
        let paced = try KeyframeAnimation(values: values, keyTimes: [0, 0.9, 1], calculationMode: .paced, timing: try timing())
        XCTAssertEqual(paced.keyTimes, [0, 0.25, 1])
        XCTAssertEqual(paced.value(atProgress: 0.5), 20, accuracy: 1e-12)  // constant speed: 40 units over the whole
    }

    func testCubicWithZeroParametersIsCatmullRom() throws {
        let points: [Double] = [0, 3, -2, 7, 1]
        let cubic = try KeyframeAnimation(values: points, calculationMode: .cubic, timing: try timing())
        for segment in 1..<(points.count - 2) {
            for u in [0.0, 0.2, 0.5, 0.9] {
                let (p0, p1, p2, p3) = (points[segment - 1], points[segment], points[segment + 1], points[segment + 2])
                let catmullRom = 0.5 * (2 * p1 + (-p0 + p2) * u + (2 * p0 - 5 * p1 + 4 * p2 - p3) * u * u
                                        + (-p0 + 3 * p1 - 3 * p2 + p3) * u * u * u)
                XCTAssertEqual(cubic.value(atProgress: (Double(segment) + u) / 4), catmullRom, accuracy: 1e-12)
            }
        }
        XCTAssertEqual(cubic.value(atProgress: 0.25), 3, "passes through the keys")
        let tense = try KeyframeAnimation(values: points, calculationMode: .cubic, tensions: [1, 1, 1, 1, 1],
                                          timing: try timing())
        // Tension 1 zeroes the tangents: the segment is a smoothstep between its keys.
        XCTAssertEqual(tense.value(atProgress: 0.25 + 0.125), 3 + (-2 - 3) * 0.5, accuracy: 1e-12)
    }

    func testKeyframeValidationMessages() throws {
        let t = try timing()
        XCTAssertThrowsError(try KeyframeAnimation<Double>(values: [], timing: t))
        XCTAssertThrowsError(try KeyframeAnimation<Double>(values: [0, 1], keyTimes: [0], timing: t)) {
            XCTAssertEqual("\($0)", "keyframe animation: keyTimes = 1 entries must match the 2 values")
        }
        XCTAssertThrowsError(try KeyframeAnimation<Double>(values: [0, 1, 2], keyTimes: [0, 0.6, 0.5], timing: t)) {
            XCTAssertTrue("\($0)".contains("keyTimes[2] = 0.5 is less than keyTimes[1] = 0.6"))
        }
        XCTAssertThrowsError(try KeyframeAnimation<Double>(values: [0, 1], keyTimes: [0, 1.5], timing: t)) {
            XCTAssertTrue("\($0)".contains("is outside [0, 1]"))
        }
        XCTAssertThrowsError(try KeyframeAnimation<Double>(values: [0, 1, 2], timingFunctions: [.cubicBezier(.ease)], timing: t))
        XCTAssertThrowsError(try KeyframeAnimation<Double>(values: [0, 1], calculationMode: .cubic, tensions: [2, 0], timing: t))
        XCTAssertThrowsError(try KeyframeAnimation<Transform3D>(values: [.identity, .identity], calculationMode: .cubic, timing: t))
        XCTAssertThrowsError(try MediaTiming(duration: -1))
    }

    func testSpringAnimationFollowsTheSpringOverItsDuration() throws {
        let spring = try Spring(mass: 1, stiffness: 100, damping: 10)
        let animation = SpringAnimation(basic: try BasicAnimation<Double>(from: 0, to: 50, timing: try timing(0.5)),
                                        spring: spring)
        XCTAssertEqual(try XCTUnwrap(animation.value(atParentTime: 0.2, current: 0)), 50 * spring.progress(at: 0.2),
                       accuracy: 1e-12)
        // It ends at its duration, settled or not.
        XCTAssertEqual(try XCTUnwrap(animation.value(atParentTime: 0.9, current: 0)), 50 * spring.progress(at: 0.5),
                       accuracy: 1e-12)
    }

    /// The card flip seed: rotation.y 0 → −π over 1 s with easeInEaseOut, and a scale that shrinks to 0.8 and
    /// autoreverses over two 0.5 s halves, in a group that fills forwards; m34 = −1/1500.
    func testCardFlipSeed() throws {
        let group = AnimationGroup(timing: try MediaTiming(duration: 1, fillMode: .forwards, removedOnCompletion: false))
        // Fill forwards on the children too: the group holds them at their end time, where a removed child is gone.
        let rotation = try BasicAnimation<Double>(from: 0, to: -Double.pi, timing: try MediaTiming(
            duration: 1, fillMode: .forwards, removedOnCompletion: false, timingFunction: .cubicBezier(.easeInOut)))
        let scale = try BasicAnimation<Double>(from: 1, to: 0.8, timing: try MediaTiming(
            duration: 0.5, autoreverses: true, fillMode: .forwards, removedOnCompletion: false))
        func transform(at time: Double) -> (angle: Double, scale: Double, matrix: Transform3D) {
            let childTime = group.childTime(parentTime: time)
            let angle = rotation.value(atParentTime: childTime, current: 0) ?? 0
            let factor = scale.value(atParentTime: childTime, current: 1) ?? 1
            let matrix = Transform3D.scale(factor, factor).concatenating(.rotation(angle, x: 0, y: 1, z: 0))
                .concatenating(.perspective(1500))
            return (angle, factor, matrix)
        }
        XCTAssertEqual(transform(at: 0).angle, 0)
        XCTAssertEqual(transform(at: 0.25).angle, -Double.pi * CubicBezier.easeInOut.value(at: 0.25), accuracy: 1e-12)
        XCTAssertEqual(transform(at: 0.25).scale, 0.9, accuracy: 1e-12)
        XCTAssertEqual(transform(at: 0.5).angle, -Double.pi / 2, accuracy: 1e-12, "edge-on half-way: the face swaps")
        XCTAssertEqual(transform(at: 0.5).scale, 0.8, accuracy: 1e-12)
        XCTAssertEqual(transform(at: 0.75).scale, 0.9, accuracy: 1e-12)
        // After the group ends it holds its last frame: rotation −π, and the autoreversed scale back at 1.
        let held = transform(at: 3)
        XCTAssertEqual(held.angle, -Double.pi, accuracy: 1e-12)
        XCTAssertEqual(held.scale, 1)
        XCTAssertEqual(held.matrix[1, 1], -1, accuracy: 1e-12, "back face: x mirrored")
        // m34 = −1/1500 facing the viewer; after the half-turn the card's z axis points away, so it reads +1/1500.
        XCTAssertEqual(transform(at: 0).matrix[3, 4], -1.0 / 1500, accuracy: 1e-15)
        XCTAssertEqual(held.matrix[3, 4], 1.0 / 1500, accuracy: 1e-15)
    }

    /// The pendulum seed: rotations of −270°, 180°, 234°, 144° and a final shift plus rotation (100 points, 0°) at
    /// relative start times 0, 0.15, 0.25, 0.45, 0.65, each lasting until the next start, over 2 s, linear curve.
    func testPendulumSeed() throws {
        let starts = [0, 0.15, 0.25, 0.45, 0.65]
        let degrees: [Double] = [-270, 180, 234, 144, 0]
        func keyframes<V: AnimatableValue>(_ values: [V], initial: V) throws -> ViewKeyframes<V> {
            let frames = values.indices.map { index in
                ViewKeyframes<V>.Keyframe(relativeStartTime: starts[index],
                                          relativeDuration: (index + 1 < starts.count ? starts[index + 1] : 1) - starts[index],
                                          value: values[index])
            }
            return try ViewKeyframes(duration: 2, initialValue: initial, keyframes: frames, curve: .linear(.identity))
        }
        let rotation = try keyframes(degrees.map { $0 * Double.pi / 180 }, initial: 0)
        let shift = try keyframes([0, 0, 0, 0, 100.0], initial: 0)
        XCTAssertEqual(rotation.value(at: 0.15), -135 * Double.pi / 180, accuracy: 1e-12)  // half-way to −270°
        XCTAssertEqual(rotation.value(at: 0.3), -270 * Double.pi / 180, accuracy: 1e-12)
        XCTAssertEqual(rotation.value(at: 0.4), -45 * Double.pi / 180, accuracy: 1e-12)  // half-way −270° → 180°
        XCTAssertEqual(rotation.value(at: 0.7), 207 * Double.pi / 180, accuracy: 1e-12)  // half-way 180° → 234°
        XCTAssertEqual(rotation.value(at: 1.1), 189 * Double.pi / 180, accuracy: 1e-12)  // half-way 234° → 144°
        XCTAssertEqual(shift.value(at: 1.3), 0)
        XCTAssertEqual(shift.value(at: 1.65), 50, accuracy: 1e-12)
        XCTAssertEqual(rotation.value(at: 2), 0, accuracy: 1e-12)
        XCTAssertEqual(shift.value(at: 5), 100)
        XCTAssertThrowsError(try ViewKeyframes<Double>(duration: 1, initialValue: 0,
                                                       keyframes: [.init(relativeStartTime: 0.8, relativeDuration: 0.5, value: 1)]))
    }
}
