import MotionCore
import XCTest

/// Each layer kernel, filled through its typed setters and run frame by frame through a `LayerStore`, must show what
/// MotionCore's scalar animation types show for the same parameters (an evaluation that shares none of the kernels'
/// loops), and its typed getters must return what was set.
final class LayerKernelTests: XCTestCase {
    /// Frame times at 120 Hz, with a dropped frame and a 60 Hz stretch, so that spring layers rebuild their steps.
    private let times: [Double] = {
        var times: [Double] = [], t = 0.0
        for index in 1...150 {
            t += index % 37 == 0 ? 2.0 / 120 : (index > 100 ? 1.0 / 60 : 1.0 / 120)
            times.append(t)
        }
        return times
    }()

    /// Runs `kernel` through every frame and calls `check(layer, time)` with the kernel's outputs at the checked frames.
    private func run(_ kernel: any LayerKernel, check: (_ layer: Int, _ time: Double, _ outputs: [Double]) throws -> Void) rethrows {
        let store = LayerStore(kernels: [kernel])
        var previous = 0.0
        for (offset, time) in times.enumerated() {
            store.evaluate(LayerFrame(index: offset + 1, time: time, previousTime: previous), layers: 0..<store.count)
            previous = time
            guard offset % 7 == 0 || offset == times.count - 1 else { continue }
            for layer in 0..<kernel.count { try check(layer, time, store.outputs(layer: layer)) }
        }
    }

    private func assertClose(_ actual: [Double], _ expected: [Double], scale: Double = 1, _ message: String,
                             file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(actual.count, expected.count, message, file: file, line: line)
        for (a, b) in zip(actual, expected) {
            XCTAssertEqual(a, b, accuracy: 1e-12 * max(1, scale), message, file: file, line: line)
        }
    }

    private let timings = [
        LayerTimingParameters(begin: 0.05, duration: 0.3, repeatCount: 2, autoreverses: true),
        LayerTimingParameters(begin: 0.213, duration: 0.45),
        LayerTimingParameters(begin: 0.0071, duration: 0.2, repeatCount: 1.5),
    ]

    private func media(_ timing: LayerTimingParameters, _ function: TimingFunction) throws -> MediaTiming {
        try MediaTiming(beginTime: timing.begin, duration: timing.duration, repeatCount: timing.repeatCount,
                        autoreverses: timing.autoreverses, fillMode: .both, removedOnCompletion: false,
                        timingFunction: function)
    }

    func testBasicLayersMatchBasicAnimationWithSharedAndOwnCurves() throws {
        let own = [try CubicBezier(x1: 0.3, y1: -0.4, x2: 0.6, y2: 1.6), .easeOut, try CubicBezier(x1: 0.9, y1: 0, x2: 0.1, y2: 1)]
        for curves in [LayerCurves.shared(.cubicBezier(.easeInOut)), .perLayer, .shared(.steps(try Steps(count: 4)))] {
            let layers = BasicLayers(count: 3, components: 2, curves: curves)
            let ends = [(Point(x: 0, y: 10), Point(x: 100, y: -20)), (Point(x: 5, y: 5), Point(x: 5, y: 50)),
                        (Point(x: -3, y: 2), Point(x: 7, y: 1))]
            for i in 0..<3 {
                layers.schedule.set(i, timings[i], curve: own[i])
                layers.set(i, component: 0, from: ends[i].0.x, to: ends[i].1.x)
                layers.set(i, component: 1, from: ends[i].0.y, to: ends[i].1.y)
                XCTAssertEqual(layers.values(i, component: 1).to, ends[i].1.y)
            }
            try run(layers) { i, time, outputs in
                let function: TimingFunction
                if case .shared(let shared) = curves { function = shared } else { function = .cubicBezier(own[i]) }
                let animation = try BasicAnimation<Point>(from: ends[i].0, to: ends[i].1, timing: media(timings[i], function))
                let value = try XCTUnwrap(animation.value(atParentTime: time, current: ends[i].0))
                assertClose(outputs, [value.x, value.y], scale: 100, "\(curves) layer \(i) at \(time)")
            }
        }
    }

    func testScheduleReturnsWhatWasSet() throws {
        let layers = BasicLayers(count: 4, components: 1, curves: .perLayer)
        let forever = LayerTimingParameters(begin: 1, duration: 0.5, repeatCount: MediaTiming.forever, autoreverses: true)
        let curve = try CubicBezier(x1: 0.1, y1: 2, x2: 0.7, y2: -1, evaluations: .few)
        for (i, timing) in (timings + [forever]).enumerated() { layers.schedule.set(i, timing, curve: curve) }
        XCTAssertEqual(layers.schedule.parameters(0), timings[0])
        XCTAssertEqual(layers.schedule.parameters(1), timings[1])
        XCTAssertEqual(layers.schedule.parameters(3).iterations, .infinity)
        XCTAssertEqual(layers.schedule.curve(2), curve)
        // One cycle reads back as repeatCount 0, which Core Animation treats the same.
        layers.schedule.set(0, LayerTimingParameters(begin: 0, duration: 1, repeatCount: 1))
        XCTAssertEqual(layers.schedule.parameters(0).repeatCount, 0)
        XCTAssertNil(BasicLayers(count: 1, components: 1, curves: .shared(.linear(.identity))).schedule.curve(0))
    }

    func testKeyframeLayersMatchKeyframeAnimation() throws {
        let keyTimes = [0, 0.2, 0.7, 1.0]
        let values: [[Double]] = [[0, 10, -4, 3], [1, 1, 2, 8], [-5, 0, 5, 0]]
        for mode in [KeyframeAnimation<Double>.CalculationMode.linear, .cubic, .discrete] {
            let layers = KeyframeLayers(count: 3, valueCount: 4, keyTimes: keyTimes, mode: mode, curves: .shared(.cubicBezier(.easeIn)))
            for i in 0..<3 {
                layers.schedule.set(i, timings[i])
                for k in 0..<4 { layers.set(i, key: k, value: values[i][k]) }
            }
            XCTAssertEqual(layers.value(2, key: 2), 5)
            try run(layers) { i, time, outputs in
                let animation = try KeyframeAnimation(values: values[i], keyTimes: keyTimes, calculationMode: mode,
                                                      timing: media(timings[i], .cubicBezier(.easeIn)))
                let value = try XCTUnwrap(animation.value(atParentTime: time, current: values[i][0]))
                assertClose(outputs, [value], scale: 20, "\(mode) layer \(i) at \(time)")
            }
        }
    }

    func testSpringLayersMatchSpringAnimationAndTheClosedFormAcrossARetarget() throws {
        let springs = [try Spring(mass: 1, stiffness: 170, damping: 26, initialVelocity: 0.5),
                       try Spring(mass: 2, stiffness: 100, damping: 2 * (200.0).squareRoot()),
                       try Spring(mass: 1, stiffness: 50, damping: 30, initialVelocity: -1)]
        let layers = SpringLayers(count: 4)
        for i in 0..<3 {
            layers.set(i, spring: springs[i], begin: timings[i].begin, from: Double(i), to: 10, initialVelocity: springs[i].initialVelocity * (10 - Double(i)),
                       retargetTime: nil, retargetTo: 10)
        }
        layers.set(3, spring: springs[0], begin: 0.1, from: 0, to: 1, initialVelocity: 0, retargetTime: 0.4567, retargetTo: -2)
        XCTAssertEqual(layers.physicalParameters(1).damping, springs[1].damping)
        XCTAssertEqual(layers.parameters(3).retargetTime, 0.4567)
        try run(layers) { i, time, outputs in
            guard i < 3 else {
                let solution = springs[0].solution
                var expected = 0.0
                if time > 0.1 {
                    var (x, rate) = (-1.0, 0.0), (target, clock) = (1.0, 0.1)
                    if time >= 0.4567 {
                        (x, rate) = solution.state(at: 0.4567 - clock, displacement: x, rate: rate)
                        (x, target, clock) = (x + target + 2, -2, 0.4567)
                    }
                    expected = target + solution.state(at: time - clock, displacement: x, rate: rate).displacement
                }
                assertClose(outputs, [expected], scale: 4, "retargeted layer at \(time)")
                return
            }
            let from = Double(i)
            let animation = SpringAnimation(basic: try BasicAnimation<Double>(from: from, to: 10, timing: MediaTiming(duration: 100, fillMode: .both)),
                                            spring: springs[i])
            let expected = time > timings[i].begin ? try XCTUnwrap(animation.value(atParentTime: time - timings[i].begin, current: from)) : from
            assertClose(outputs, [expected], scale: 40, "spring layer \(i) at \(time)")
        }
    }

    func testCardFlipLayersMatchTheGroupOfRotationAndScale() throws {
        let layers = CardFlipLayers(count: 3, perspective: 1500)
        for i in 0..<3 {
            layers.schedule.set(i, timings[i])
            layers.setScale(i, [0.8, 0.5, 1.2][i])
        }
        XCTAssertEqual(layers.scale(1), 0.5)
        try run(layers) { i, time, outputs in
            let d = timings[i].duration
            let group = AnimationGroup(timing: try MediaTiming(beginTime: timings[i].begin, duration: d,
                                                               repeatCount: timings[i].repeatCount,
                                                               autoreverses: timings[i].autoreverses, fillMode: .forwards,
                                                               removedOnCompletion: false))
            let child = group.childTime(parentTime: time)
            let rotation = try BasicAnimation<Double>(from: 0, to: -.pi, timing: MediaTiming(
                duration: d, fillMode: .forwards, removedOnCompletion: false, timingFunction: .cubicBezier(.easeInOut)))
            let scale = try BasicAnimation<Double>(from: 1, to: layers.scale(i), timing: MediaTiming(
                duration: d / 2, autoreverses: true, fillMode: .forwards, removedOnCompletion: false))
            let f = scale.value(atParentTime: child, current: 1) ?? 1
            let matrix = Transform3D.scale(f, f).concatenating(.rotation(rotation.value(atParentTime: child, current: 0) ?? 0,
                                                                         x: 0, y: 1, z: 0)).concatenating(.perspective(1500))
            assertClose(outputs, matrix.entries, "card flip \(i) at \(time)")
        }
    }

    func testTransitionLayersMatchTransition() throws {
        for type in Transition.Kind.allCases {
            let layers = TransitionLayers(count: 3, type: type, subtype: .fromBottom, curves: .shared(.cubicBezier(.easeInOut)))
            let sizes = [Size(width: 320, height: 480), Size(width: 10, height: 10), Size(width: 1, height: 700)]
            for i in 0..<3 {
                layers.schedule.set(i, timings[i])
                layers.setSize(i, sizes[i])
            }
            XCTAssertEqual(layers.size(2), sizes[2])
            try run(layers) { i, time, outputs in
                let progress = try media(timings[i], .cubicBezier(.easeInOut)).evaluate(parentTime: time).progress ?? 0
                let (outgoing, incoming) = try Transition(kind: type, subtype: .fromBottom, size: sizes[i]).layers(at: progress)
                let expected = [outgoing.opacity] + Transform3D.translation(outgoing.translation.x, outgoing.translation.y).entries
                    + [incoming.opacity] + Transform3D.translation(incoming.translation.x, incoming.translation.y).entries
                assertClose(outputs, expected, scale: 700, "\(type) layer \(i) at \(time)")
            }
        }
    }

    func testPendulumLayersMatchViewKeyframes() throws {
        let layers = PendulumLayers(count: 3)
        for i in 0..<3 { layers.set(i, begin: timings[i].begin, duration: 2 * timings[i].duration) }
        XCTAssertEqual(layers.parameters(2).duration, 0.4)
        func keyframes(_ values: [Double], _ duration: Double) throws -> ViewKeyframes<Double> {
            let starts = PendulumLayers.keyframeStarts
            return try ViewKeyframes(duration: duration, initialValue: 0, keyframes: values.indices.map { k in
                .init(relativeStartTime: starts[k], relativeDuration: (k + 1 < starts.count ? starts[k + 1] : 1) - starts[k],
                      value: values[k])
            })
        }
        try run(layers) { i, time, outputs in
            let (begin, duration) = layers.parameters(i)
            let expected = [try keyframes(PendulumLayers.rotations, duration).value(at: time - begin),
                            try keyframes(PendulumLayers.shifts, duration).value(at: time - begin)]
            assertClose(outputs, expected, scale: 100, "pendulum \(i) at \(time)")
        }
    }

    func testInteractiveLayersMatchInteractiveTransition() throws {
        let gestures = [InteractiveLayers.Parameters(begin: 0.1, duration: 0.5, scrubTo: 0.4, scrubDuration: 0.3, finishes: true,
                                                     completionSpeed: 1, width: 320),
                        .init(begin: 0.02, duration: 0.8, scrubTo: 0.7, scrubDuration: 0.25, finishes: false, completionSpeed: 2, width: 100),
                        .init(begin: 0.3, duration: 0.4, scrubTo: 1, scrubDuration: 0.1, finishes: true, completionSpeed: 0.5, width: 50)]
        let layers = InteractiveLayers(count: 3)
        for (i, gesture) in gestures.enumerated() { layers.set(i, gesture) }
        XCTAssertEqual(layers.parameters(1), gestures[1])
        try run(layers) { i, time, outputs in
            let g = gestures[i], local = time - g.begin
            var transition = try InteractiveTransition(duration: g.duration, completionSpeed: g.completionSpeed)
            transition.update(g.scrubTo)
            let completion = g.finishes ? transition.finish() : transition.cancel()
            let percent = local <= 0 ? 0 : (local < g.scrubDuration ? g.scrubTo * local / g.scrubDuration
                                                                     : completion.percent(at: local - g.scrubDuration))
            assertClose(outputs, [percent, percent * g.width], scale: 320, "gesture \(i) at \(time)")
        }
    }

    func testTabulatedLayersCopyTheirRowFromTheBeginFrame() {
        let layers = TabulatedLayers(table: [[-1, 0, 10, 20, 30], [5, 6, 7, 8, 9]], beginFrames: [0, 2])
        XCTAssertEqual(LayerStore(kernels: [layers]).outputs(layer: 1), [-1, 5], "before the first frame: row 0")
        for (frame, rows) in [(1, (2, 0)), (3, (4, 2)), (9, (4, 4))] {
            layers.evaluate(LayerFrame(index: frame, time: Double(frame) / 60, previousTime: Double(frame - 1) / 60), layers: 0..<2)
            XCTAssertEqual(layers.output(0, layer: 0), [-1, 0, 10, 20, 30][rows.0], "frame \(frame)")
            XCTAssertEqual(layers.output(1, layer: 1), [5, 6, 7, 8, 9][rows.1], "frame \(frame)")
        }
    }

    func testStoreCountsStreamBytesAndHeldBytesFromTheKernels() {
        let pendulum = PendulumLayers(count: 10), basic = BasicLayers(count: 30, components: 1, curves: .perLayer)
        let store = LayerStore(kernels: [pendulum, basic])
        // Pendulum: 2 columns read, 2 written, 4 held. Basic with own curves: 4 timing + 5 curve + 2 value columns
        // read, 1 written; 4 + 5 + 3 held.
        XCTAssertEqual(store.streamBytesPerLayer, Double(10 * 4 * 8 + 30 * 12 * 8) / 40)
        XCTAssertEqual(store.bytesPerLayer, Double(10 * 4 * 8 + 30 * 12 * 8) / 40)
    }
}
