import Benchmark
import MotionBenchmarkSupport
import MotionCore

/// Shuffled parent times in [0, 1.2] s, the same on every run.
let shuffledTimes: [Double] = {
    var generator = SplitMix64(seed: 2028)
    return (0..<4096).map { _ in Double.random(in: 0...1.2, using: &generator) }
}()

/// Runs `body` once per scaled iteration at the shuffled times and keeps the sum alive.
@inline(__always)
func measure(_ benchmark: Benchmark, _ body: (Double) -> Double) {
    var sum = 0.0
    var index = 0
    for _ in benchmark.scaledIterations {
        sum += body(shuffledTimes[index & 4095])
        index &+= 1
    }
    blackHole(sum)
}

let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = MotionBenchmarks.configuration(
        timeUnits: .nanoseconds, scalingFactor: .kilo, warmupIterations: 3, maxIterations: 200)

    let timing = try! MediaTiming(duration: 1, fillMode: .both, removedOnCompletion: false,
                                  timingFunction: .cubicBezier(.easeInOut))
    let basic = try! BasicAnimation<Double>(from: 0, to: 100, timing: timing)
    MotionBenchmarks.register("animation/basic (Double, easeInEaseOut)") { benchmark in
        measure(benchmark) { basic.value(atParentTime: $0, current: 0) ?? 0 }
    }

    let keyframes = try! KeyframeAnimation<Double>(values: [0, 30, -10, 80, 100], calculationMode: .cubic, timing: timing)
    MotionBenchmarks.register("animation/keyframe 5-key cubic") { benchmark in
        measure(benchmark) { keyframes.value(atParentTime: $0, current: 0) ?? 0 }
    }

    let group = AnimationGroup(timing: try! MediaTiming(duration: 1, fillMode: .forwards, removedOnCompletion: false))
    let rotation = try! BasicAnimation<Double>(from: 0, to: -Double.pi, timing: try! MediaTiming(
        duration: 1, fillMode: .forwards, removedOnCompletion: false, timingFunction: .cubicBezier(.easeInOut)))
    let scale = try! BasicAnimation<Double>(from: 1, to: 0.8, timing: try! MediaTiming(
        duration: 0.5, autoreverses: true, fillMode: .forwards, removedOnCompletion: false))
    let perspective = Transform3D.perspective(1500)
    MotionBenchmarks.register("animation/card-flip group (rotation.y + scale + m34)") { benchmark in
        measure(benchmark) { time in
            let childTime = group.childTime(parentTime: time)
            let angle = rotation.value(atParentTime: childTime, current: 0) ?? 0
            let factor = scale.value(atParentTime: childTime, current: 1) ?? 1
            return Transform3D.scale(factor, factor).concatenating(.rotation(angle, x: 0, y: 1, z: 0))
                .concatenating(perspective)[1, 1]
        }
    }

    let from = Transform3D.rotation(0.3, x: 1, y: 1, z: 0).concatenating(.translation(10, 0, 5)).concatenating(perspective)
    let to = Transform3D.scale(0.8, 1.2).concatenating(.rotation(-2, x: 0, y: 1, z: 0.2)).concatenating(perspective)
    MotionBenchmarks.register("animation/whole-matrix interpolation (3-D decomposition)") { benchmark in
        measure(benchmark) { Transform3D.interpolate(from: from, to: to, at: $0)[1, 1] }
    }
}
