import Foundation
import MotionCore
import MotionEngine
import XCTest

/// The example C engine (Examples/CEngine, `libMotionBenchExampleEngine`), loaded through the plug-in bridge
/// (`PluginLibrary`, `PluginEngine`) exactly as `motionbench run --engine` loads it, and compared with MotionCore's
/// scalar path (BasicAnimation, KeyframeAnimation, the exact spring) built independently here: the differences must be
/// float32 rounding, no more (≤ 1e-5 of the travel) and no less (not 0: the engine really is single precision).
final class ExampleEngineTests: XCTestCase {
    /// Largest error allowed, relative to each layer's travel: float32-sized.
    static let tolerance = 1e-5
    /// Largest error allowed, relative to the travel, under an easing with a vertical tangent (cubic-bezier(0, 1, 1, 0)
    /// at both ends). There y(x) ≈ 1 − √(3(1 − x)): an input off by δ (the float rounding of the progress and of x(t),
    /// up to about 2e-7) moves the output by up to √(3δ) ≈ 8e-4, which no float32 evaluation avoids.
    static let verticalTangentTolerance = 1e-3

    // MARK: Descriptor

    func testDescriptorDeclaresAFloat32EngineOfThreeKinds() throws {
        let library = try PluginLibrary(path: ExampleEngineLibrary.path())
        let descriptor = library.descriptor
        XCTAssertEqual(descriptor.name, "example-c-float32")
        XCTAssertEqual(descriptor.version, "1.0")
        XCTAssertEqual(descriptor.precision, .float32)
        XCTAssertEqual(descriptor.supportedKinds, [.basic, .keyframes, .spring])
        XCTAssertTrue(descriptor.concurrentChunks)
    }

    // MARK: Accuracy against MotionCore's scalar path

    func testBasicLayersMatchTheScalarPathToFloatPrecision() throws {
        let easings = try Self.easings()
        var cases: [Case] = []
        for (index, easing) in easings.enumerated() {
            // Every easing under two timings, so that each timing meets several easings.
            for timing in [Self.timings[index % Self.timings.count], Self.timings[(index + 3) % Self.timings.count]] {
                // A position (points), a point and a colour in turn.
                let (from, to): ([Double], [Double]) = [([0], [400]), ([10, -20], [350, 80]),
                                                        ([0.1, 0.2, 0.9, 1], [0.8, 0.5, 0.1, 0.25])][cases.count % 3]
                cases.append(try Self.basicCase(timing: timing, easing: easing, from: from, to: to))
            }
        }
        // An autoreversing animation ends going backwards at progress 0 with the before flag set, so steps() that jump
        // at the start hold their lower step there (0, not 1/n), as they do before the begin time. (Jumps at multiples
        // of 1/4 and durations exact in binary: each jump falls on the frame grid, exactly, in float as in double.)
        let jumpingAtTheStart = try [TimingFunction.steps(Steps(count: 4, position: .jumpStart)),
                                     .steps(Steps(count: 2, position: .jumpBoth))]
        for easing in jumpingAtTheStart {
            for timing in [Self.timings[1], LayerTimingParameters(begin: 1, duration: 0.375, autoreverses: true)] {
                cases.append(try Self.basicCase(timing: timing, easing: easing, from: [0], to: [400]))
            }
        }
        let error = try measure(cases, label: "basic")
        XCTAssertLessThanOrEqual(error.regular, Self.tolerance)
        XCTAssertLessThanOrEqual(error.verticalTangent, Self.verticalTangentTolerance)
        XCTAssertGreaterThan(error.regular, 0, "a float32 engine cannot match the double-precision path everywhere")
    }

    func testKeyframeLayersMatchTheScalarPathToFloatPrecision() throws {
        typealias Mode = KeyframeAnimation<Double>.CalculationMode
        let values: [Double] = [0, 120, 40, 300, 200]
        let setups: [(values: [Double], keyTimes: [Double]?, mode: Mode)] = [
            (values, nil, .linear),
            (values, [0, 0.1, 0.5, 0.625, 1], .linear),
            (values, nil, .discrete),
            (values, [0, 0.25, 0.5, 0.625, 1], .discrete),
            ([0, 100, 50, 250, 240], nil, .paced),
            (values, nil, .cubic),
            (values, [0, 0.1, 0.5, 0.625, 1], .cubic),
            ([0, 100, 50, 250, 240], nil, .cubicPaced),
            ([-40, 360], nil, .cubic),
            ([42], nil, .linear),
        ]
        let easings: [TimingFunction] = try [
            .linear(.identity), .cubicBezier(.easeInOut), .cubicBezier(CubicBezier(x1: 0, y1: 1, x2: 1, y2: 0)),
            .cubicBezier(CubicBezier(x1: 0.68, y1: -0.6, x2: 0.32, y2: 1.6)),
            .steps(Steps(count: 5, position: .jumpBoth)),
        ]
        var cases: [Case] = []
        for (index, setup) in setups.enumerated() {
            for (offset, easing) in easings.enumerated() {
                let timing = Self.timings[(index + offset) % Self.timings.count]
                cases.append(try Self.keyframesCase(timing: timing, easing: easing, values: setup.values,
                                                    keyTimes: setup.keyTimes, mode: setup.mode))
            }
        }
        let error = try measure(cases, label: "keyframes")
        XCTAssertLessThanOrEqual(error.regular, Self.tolerance)
        XCTAssertLessThanOrEqual(error.verticalTangent, Self.verticalTangentTolerance)
        XCTAssertGreaterThan(error.regular, 0, "a float32 engine cannot match the double-precision path everywhere")
    }

    func testSpringLayersMatchTheExactSpringToFloatPrecision() throws {
        // (mass, stiffness, damping): under-damped, lightly damped, critical, within 5e-4 and 1e-5 of critical on
        // either side (where the regime forms cancel), over-damped and heavily over-damped (ζ ≈ 31.6), a heavier mass.
        let springs: [(Double, Double, Double)] = [
            (1, 100, 10), (1, 300, 2), (1, 100, 20), (1, 100, 19.99), (1, 100, 20.01), (1, 100, 19.9998),
            (1, 100, 20.0002), (1, 100, 60), (1, 10, 200), (2, 150, 12),
        ]
        var cases: [Case] = []
        for (index, (mass, stiffness, damping)) in springs.enumerated() {
            let begin = [0.0, 0.25, 0.1][index % 3]
            for (from, to, velocity) in [(0.0, 400.0, 0.0), (100.0, -50.0, 900.0), (300.0, 320.0, -1500.0)] {
                for retarget in [nil, EngineLayer.Spring.Retarget(time: begin + 0.3, to: 150),
                                  EngineLayer.Spring.Retarget(time: begin + 0.0625, to: to - 200)] {
                    let spring = EngineLayer.Spring(begin: begin, mass: mass, stiffness: stiffness, damping: damping,
                                                    from: from, to: to, initialVelocity: velocity, retarget: retarget)
                    // The travel: the larger of the distances to the targets and the reach of the initial velocity,
                    // v0/ω0 (a fast start carries the spring several times past a short distance).
                    let reach = abs(velocity) / (stiffness / mass).squareRoot()
                    let travel = max(abs(from - to), abs((retarget?.to ?? to) - to), reach)
                    cases.append(Case(parameters: .spring(spring), travel: travel) { time in
                        [try Self.springReference(spring, time: time)]
                    })
                }
            }
        }
        let error = try measure(cases, label: "spring", until: 3)
        XCTAssertLessThanOrEqual(error.regular, Self.tolerance)
        XCTAssertGreaterThan(error.regular, 0, "a float32 engine cannot match the double-precision spring everywhere")
    }

    // MARK: Frames and errors

    func testChunksWriteEveryOutputOnceAndAgreeWhenConcurrent() throws {
        let library = try PluginLibrary(path: ExampleEngineLibrary.path())
        let cases = try Array(Self.mixedCases().prefix(11))
        let layers = Self.layers(cases)
        let serial = try PluginEngine(library: library, layers: layers)
        let concurrent = try PluginEngine(library: library, layers: layers)
        for time in [0, 0.3, 0.75, 1.6, 4.0] {
            for chunks in [1, 3, 7, 16] {  // 16 chunks for 11 layers: some chunks are empty
                try serial.reset()
                for chunk in 0..<chunks { try serial.evaluateFrame(time: time, chunk: chunk, of: chunks) }
                // The values written by the chunks add up to the outputs, none past the end, every output written.
                XCTAssertNoThrow(try serial.checkFrame(chunks: chunks, time: time))
                XCTAssertNil(serial.firstUnwrittenOutput(), "t = \(time), \(chunks) chunks")

                try concurrent.reset()
                DispatchQueue.concurrentPerform(iterations: chunks) { chunk in
                    try? concurrent.evaluateFrame(time: time, chunk: chunk, of: chunks)
                }
                XCTAssertNoThrow(try concurrent.checkFrame(chunks: chunks, time: time))
                XCTAssertNil(concurrent.firstUnwrittenOutput(), "t = \(time), \(chunks) concurrent chunks")
                for (index, item) in cases.enumerated() {
                    let count = item.outputCount
                    XCTAssertEqual(outputs(serial, layer: index, count: count),
                                   outputs(concurrent, layer: index, count: count),
                                   "layer \(index) at t = \(time), \(chunks) chunks")
                }
            }
        }
    }

    func testCreateFailsWithTheEnginesMessage() throws {
        let library = try PluginLibrary(path: ExampleEngineLibrary.path())
        let basic = try Self.basicCase(timing: Self.timings[0], easing: .linear(.identity), from: [0], to: [1])
            .parameters
        let pendulum = EngineLayer.Parameters.pendulum(.init(begin: 0, duration: 1, relativeStarts: [0, 0.5],
                                                             rotations: [0.1, -0.1], shifts: [0, 10]))
        let timing = EngineLayer.Timing(LayerTimingParameters(begin: 0, duration: 1), easing: .linear(.identity))
        let empty = EngineLayer.Parameters.keyframes(.init(timing: timing, values: [], keyTimes: [], mode: .linear))
        for (parameters, message) in [(pendulum, "layer 1: kind 3 is not supported by example-c-float32"),
                                      (empty, "layer 1: keyframes need at least one value")] {
            let layers = EngineLayers([EngineLayer(outputOffset: 0, parameters: basic),
                                       EngineLayer(outputOffset: 1, parameters: parameters)])
            XCTAssertThrowsError(try PluginEngine(library: library, layers: layers)) { error in
                XCTAssertTrue("\(error)".contains(message), "\(error)")
                XCTAssertTrue("\(error)".hasPrefix("engine example-c-float32: create failed"), "\(error)")
            }
        }
    }

    // MARK: Cases

    /// One layer: its parameters for the engine, its travel (the error's scale, value units) and MotionCore's outputs
    /// at a frame time.
    struct Case {
        /// The layer as the engine receives it.
        let parameters: EngineLayer.Parameters
        /// The scale of its errors, value units.
        let travel: Double
        /// MotionCore's outputs at a frame time in seconds.
        let reference: (Double) throws -> [Double]
        /// Whether the layer's easing has a vertical tangent (held to `verticalTangentTolerance`).
        var verticalTangent = false

        /// The layer's number of output values.
        var outputCount: Int { EngineLayer(outputOffset: 0, parameters: parameters).outputCount }
    }

    /// Timings with begin times and durations exact in binary (so pass boundaries fall on the binary frame grid, where
    /// float and double agree about which pass a jump belongs to), one inexact duration (autoreversing, so continuous
    /// at its boundaries), fractional and infinite repeat counts.
    static let timings: [LayerTimingParameters] = [
        .init(begin: 0.25, duration: 1),
        .init(begin: 0.5, duration: 0.5, repeatCount: 2, autoreverses: true),
        .init(begin: 0, duration: 0.75, repeatCount: 1.5, autoreverses: true),
        .init(begin: 0.125, duration: 0.5, repeatCount: 2.25),
        .init(begin: 1, duration: 0.3, autoreverses: true),
        .init(begin: 0.5, duration: 0.25, repeatCount: 3),
        .init(begin: 0.375, duration: 0.5, repeatCount: MediaTiming.forever, autoreverses: true),
        .init(begin: 0.25, duration: 0.5, repeatCount: 1.25, autoreverses: true),
    ]

    /// Presets, hard curves (vertical and flat tangents, overshoot), steps at every jump position, linear() stops with
    /// a jump and with extrapolation, and the identity.
    static func easings() throws -> [TimingFunction] {
        typealias Stop = LinearEasing.Stop
        return try [
            .linear(.identity),
            .cubicBezier(.ease), .cubicBezier(.easeIn), .cubicBezier(.easeOut), .cubicBezier(.easeInOut),
            .cubicBezier(.material3Standard),
            .cubicBezier(CubicBezier(x1: 0, y1: 1, x2: 1, y2: 0)),
            .cubicBezier(CubicBezier(x1: 0.9, y1: 0.1, x2: 0.1, y2: 0.9)),
            .cubicBezier(CubicBezier(x1: 0.68, y1: -0.6, x2: 0.32, y2: 1.6)),
            .cubicBezier(CubicBezier(x1: 0.3, y1: 0.3, x2: 0.7, y2: 0.7)),
            .steps(Steps(count: 4, position: .jumpStart)), .steps(Steps(count: 4, position: .jumpEnd)),
            .steps(Steps(count: 5, position: .jumpNone)), .steps(Steps(count: 3, position: .jumpBoth)),
            .steps(Steps(count: 1, position: .jumpStart)),
            .linear(LinearEasing(stops: [Stop(output: 0), Stop(output: 0.6, inputPercent: 25),
                                         Stop(output: 0.3, inputPercent: 50), Stop(output: 1.2, inputPercent: 75),
                                         Stop(output: 1)])),
            // A jump at 50%, and stops that start at 10% and end at 90% (extrapolated outside).
            .linear(LinearEasing(stops: [Stop(output: 0), Stop(output: 0.5, inputPercent: 50),
                                         Stop(output: 0.8, inputPercent: 50), Stop(output: 1)])),
            .linear(LinearEasing(stops: [Stop(output: 0.2, inputPercent: 10), Stop(output: 0.5),
                                         Stop(output: 0.9, inputPercent: 90)])),
        ]
    }

    /// Whether `easing` is a cubic Bézier with a vertical tangent at an end: x'(t) = 0 there while y'(t) is not.
    static func hasVerticalTangent(_ easing: TimingFunction) -> Bool {
        guard case .cubicBezier(let curve) = easing else { return false }
        return (curve.x1 == 0 && curve.y1 != 0) || (curve.x2 == 1 && curve.y2 != 1)
    }

    /// MotionCore's media timing for `timing` (fill both, kept after completion), as the harness's scalar path builds
    /// it.
    static func mediaTiming(_ timing: LayerTimingParameters, easing: TimingFunction) throws -> MediaTiming {
        try MediaTiming(duration: timing.duration, repeatCount: timing.repeatCount, autoreverses: timing.autoreverses,
                        fillMode: .both, removedOnCompletion: false, timingFunction: easing)
    }

    /// A basic layer from `from` to `to` (1, 2 or 4 components) and its BasicAnimation.
    static func basicCase(timing: LayerTimingParameters, easing: TimingFunction, from: [Double], to: [Double]) throws
        -> Case
    {
        let media = try mediaTiming(timing, easing: easing)
        let travel = zip(from, to).map { abs($1 - $0) }.max()!
        let parameters = EngineLayer.Parameters.basic(.init(timing: .init(timing, easing: easing), from: from, to: to))
        let reference: (Double) throws -> [Double]
        switch from.count {
        case 1:
            let animation = try BasicAnimation<Double>(from: from[0], to: to[0], timing: media)
            reference = { time in [animation.value(atParentTime: time - timing.begin, current: from[0])!] }
        case 2:
            let start = Point(x: from[0], y: from[1])
            let animation = try BasicAnimation<Point>(from: start, to: Point(x: to[0], y: to[1]), timing: media)
            reference = { time in
                let value = animation.value(atParentTime: time - timing.begin, current: start)!
                return [value.x, value.y]
            }
        default:
            let start = RGBAColor(red: from[0], green: from[1], blue: from[2], alpha: from[3])
            let animation = try BasicAnimation<RGBAColor>(
                from: start, to: RGBAColor(red: to[0], green: to[1], blue: to[2], alpha: to[3]), timing: media)
            reference = { time in
                let value = animation.value(atParentTime: time - timing.begin, current: start)!
                return [value.red, value.green, value.blue, value.alpha]
            }
        }
        return Case(parameters: parameters, travel: travel, reference: reference,
                    verticalTangent: hasVerticalTangent(easing))
    }

    /// A keyframes layer and its KeyframeAnimation (`keyTimes` nil: the mode's own).
    static func keyframesCase(timing: LayerTimingParameters, easing: TimingFunction, values: [Double],
                              keyTimes: [Double]?, mode: KeyframeAnimation<Double>.CalculationMode) throws -> Case {
        let animation = try KeyframeAnimation(values: values, keyTimes: keyTimes, calculationMode: mode,
                                              timing: mediaTiming(timing, easing: easing))
        // The engine receives the key times as the mode resolved them (paced modes already paced).
        let parameters = EngineLayer.Parameters.keyframes(.init(timing: .init(timing, easing: easing), values: values,
                                                                keyTimes: animation.keyTimes, mode: mode))
        let travel = max(values.max()! - values.min()!, 1)
        return Case(parameters: parameters, travel: travel, reference: { time in
            [animation.value(atParentTime: time - timing.begin, current: values[0])!]
        }, verticalTangent: hasVerticalTangent(easing))
    }

    /// The exact spring (`SpringSolution.state`) from the begin time, split at the retarget, as the harness's
    /// `SpringGroup.expectedOutputs` computes it.
    static func springReference(_ p: EngineLayer.Spring, time: Double) throws -> Double {
        guard time > p.begin else { return p.from }
        let solution = try Spring(mass: p.mass, stiffness: p.stiffness, damping: p.damping).solution
        var (x, rate, target, clock) = (p.from - p.to, p.initialVelocity, p.to, p.begin)
        if let retarget = p.retarget, retarget.time <= time {
            (x, rate) = solution.state(at: retarget.time - clock, displacement: x, rate: rate)
            x += target - retarget.to
            target = retarget.to
            clock = retarget.time
        }
        return target + solution.state(at: time - clock, displacement: x, rate: rate).displacement
    }

    /// A few layers of each kind.
    static func mixedCases() throws -> [Case] {
        let easings = try Self.easings()
        var cases: [Case] = []
        for index in 0..<6 {
            let components = [1, 2, 4][index % 3]
            cases.append(try basicCase(timing: timings[index], easing: easings[index * 3],
                                       from: Array(repeating: 0, count: components),
                                       to: Array(repeating: 1, count: components)))
            cases.append(try keyframesCase(timing: timings[index + 1], easing: easings[index], values: [0, 5, -3, 8],
                                           keyTimes: nil, mode: [.linear, .cubic, .discrete][index % 3]))
            let spring = EngineLayer.Spring(begin: 0.1 * Double(index), mass: 1, stiffness: 100,
                                            damping: [5, 20, 50][index % 3], from: 0, to: 10, initialVelocity: 0,
                                            retarget: index == 2 ? .init(time: 1, to: 20) : nil)
            cases.append(Case(parameters: .spring(spring), travel: 10) { [try springReference(spring, time: $0)] })
        }
        return cases
    }

    /// The cases as engine layers, their outputs laid out in reverse order (layers arrive in any order; each has its
    /// own offset).
    static func layers(_ cases: [Case]) -> EngineLayers {
        let counts = cases.map(\.outputCount)
        var offsets = [Int](repeating: 0, count: cases.count), next = 0
        for index in cases.indices.reversed() {
            offsets[index] = next
            next += counts[index]
        }
        let layers = zip(cases, offsets).map { EngineLayer(outputOffset: $1, parameters: $0.parameters) }
        return EngineLayers(count: layers.count, outputCount: next) { layers[$0] }
    }

    // MARK: Measuring

    /// Evaluates `cases` at every 1/256 s from 0 to `until` seconds (before the begin times, at them, at pass
    /// boundaries, after the ends) and at off-grid times, in 3 chunks, and returns the largest errors relative to a
    /// layer's travel, among layers whose easing has no vertical tangent and among those whose easing has one.
    func measure(_ cases: [Case], label: String, until: Double = 4.5) throws
        -> (regular: Double, verticalTangent: Double)
    {
        let library = try PluginLibrary(path: ExampleEngineLibrary.path())
        let engine = try PluginEngine(library: library, layers: Self.layers(cases))
        let grid = (0...Int(until * 256)).map { Double($0) / 256 }
        let offGrid = (1...Int(until * 97)).map { Double($0) * 0.010_309 }
        var worst = [0.0, 0.0], worstAt = ["", ""]
        for time in grid + offGrid {
            for chunk in 0..<3 { try engine.evaluateFrame(time: time, chunk: chunk, of: 3) }
            try engine.checkFrame(chunks: 3, time: time)
            for (index, item) in cases.enumerated() {
                let expected = try item.reference(time)
                let actual = outputs(engine, layer: index, count: expected.count)
                let group = item.verticalTangent ? 1 : 0
                for (a, e) in zip(actual, expected) {
                    let error = abs(a - e) / item.travel
                    XCTAssertTrue(error.isFinite, "\(label) layer \(index) at t = \(time): \(a) vs \(e)")
                    if error > worst[group] || !error.isFinite {
                        (worst[group], worstAt[group]) = (error, "layer \(index) at t = \(time): \(a) vs \(e)")
                    }
                }
            }
        }
        print("example-c-float32 \(label): largest error \(worst[0]) of the travel (\(worstAt[0]))")
        if cases.contains(where: \.verticalTangent) {
            print("example-c-float32 \(label), vertical tangents: largest error \(worst[1]) of the travel "
                  + "(\(worstAt[1]))")
        }
        return (worst[0], worst[1])
    }

    func outputs(_ engine: PluginEngine, layer: Int, count: Int) -> [Double] {
        var values = [Double](repeating: .nan, count: count)
        values.withUnsafeMutableBufferPointer { engine.outputs(layer: layer, into: $0) }
        return values
    }
}

/// Where the built example engine is: in the build products directory, next to the test bundle (`swift build
/// --build-tests` and `swift test` build it there, as they build every product of the package). When it is missing
/// (only some products were built), its one C file is compiled here with the toolchain's clang: running `swift build`
/// from inside `swift test` would wait forever for the .build lock that `swift test` holds.
enum ExampleEngineLibrary {
    #if os(macOS)
    static let fileName = "libMotionBenchExampleEngine.dylib"
    #else
    static let fileName = "libMotionBenchExampleEngine.so"
    #endif

    /// The package's root directory (this file is Tests/MotionEngineTests/ExampleEngineTests.swift).
    static let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The library's path, compiled once if the build products lack it.
    static func path() throws -> String {
        if let found = find() { return found }
        return try built.get()
    }

    /// The library in the build products directory: the directory holding the test bundle (on macOS the bundle's
    /// executable is three levels inside it).
    static func find() -> String? {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent(fileName).path
            if FileManager.default.fileExists(atPath: candidate) { return candidate }
            directory.deleteLastPathComponent()
        }
        return nil
    }

    /// The library compiled from Examples/CEngine into a temporary directory (once per test run).
    static let built: Result<String, CompileError> = {
        let output = FileManager.default.temporaryDirectory
            .appendingPathComponent("motionbench-example-engine-\(ProcessInfo.processInfo.processIdentifier)")
        try? FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        let library = output.appendingPathComponent(fileName).path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        let file = { (path: String) in package.appendingPathComponent(path).path }
        process.arguments = ["clang", "-std=c11", "-O2", "-fPIC", "-shared",
                             "-I", file("Sources/CMotionBenchEngine/include"), "-I", file("Examples/CEngine/include"),
                             file("Examples/CEngine/example_engine.c"), "-lm", "-o", library]
        do {
            try process.run()
            process.waitUntilExit()
        } catch {
            return .failure(CompileError(message: "\(fileName) is not next to the test bundle and clang could not "
                                         + "run: \(error)"))
        }
        guard process.terminationStatus == 0, FileManager.default.fileExists(atPath: library) else {
            return .failure(CompileError(message: "\(fileName) is not next to the test bundle and clang failed to "
                                         + "compile it; build it: swift build --product MotionBenchExampleEngine"))
        }
        return .success(library)
    }()

    /// The library could be neither found nor compiled.
    struct CompileError: Error, CustomStringConvertible {
        /// What went wrong and how to build the library.
        let message: String
        /// The message.
        var description: String { message }
    }
}
