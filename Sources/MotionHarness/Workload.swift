import MotionCore

/// A scenario instantiated for a layer count, frame rate and frame count: the batch store plus, for every layer,
/// what the scalar path says it should show (for `--verify` and the tests).
public final class Workload: @unchecked Sendable {
    /// The scenario it came from.
    public let scenario: Scenario
    /// Frame interval in seconds.
    public let interval: Double
    /// Frames the run evaluates.
    public let frames: Int
    /// The batch store (layers in program order).
    public let store: LayerStore
    /// Per program: the scalar evaluation at a local time (timelines), or the spring (springs).
    let scalarPrograms: [ScalarProgram]
    /// Per program: the scenario kind it came from (springs: the spring itself in `scalarPrograms`).
    public let programKinds: [Scenario.Kind]
    /// Per layer, in store order: program index, begin frame and initial velocity.
    public let layers: [(program: Int, beginFrame: Int32, initialVelocity: Double)]

    enum ScalarProgram {
        case timeline((Double) -> (Double, Double))
        case spring(Spring)
    }

    /// Builds `count` layers of `scenario` at `rate` Hz for a run of `frames` frames.
    public init(scenario: Scenario, count: Int, rate: Double, frames: Int) {
        self.scenario = scenario
        interval = 1 / rate
        self.frames = frames
        var generator = SplitMix64(seed: scenario.seed)
        var programs: [LayerProgram] = [], scalar: [ScalarProgram] = [], kinds: [Scenario.Kind] = []
        var layers: [(program: Int, beginFrame: Int32, initialVelocity: Double)] = []
        layers.reserveCapacity(count)
        let counts = Self.apportion(count, weights: scenario.entries.map(\.weight))
        for (entry, entryCount) in zip(scenario.entries, counts) {
            let begin = { (generator: inout SplitMix64) in Int32(Int.random(in: 0...entry.staggerFrames, using: &generator)) }
            if case .spring(let springs, let range) = entry.kind {
                let first = programs.count
                for spring in springs {
                    programs.append(.spring(SpringPropagator(solution: spring.solution, interval: 1 / rate)))
                    scalar.append(.spring(spring))
                    kinds.append(.spring(springs: [spring], velocityRange: range))
                }
                let perSpring = Self.apportion(entryCount, weights: springs.map { _ in 1 })
                for (offset, springCount) in perSpring.enumerated() {
                    for _ in 0..<springCount {
                        layers.append((first + offset, begin(&generator), Double.random(in: range, using: &generator)))
                    }
                }
                continue
            }
            let outputs = Self.outputs(of: entry.kind)
            programs.append(.timeline(FrameTimeline(interval: 1 / rate, frames: frames, outputs: outputs)))
            scalar.append(.timeline(outputs))
            kinds.append(entry.kind)
            for _ in 0..<entryCount { layers.append((programs.count - 1, begin(&generator), 0)) }
        }
        store = LayerStore(programs: programs, layers: layers)
        scalarPrograms = scalar
        programKinds = kinds
        self.layers = layers
    }

    /// What the scalar path shows for layer `index` after `frame` frames: the timeline program evaluated directly at
    /// local time (frame − begin)·h, or the spring's closed form.
    public func expectedOutputs(layer index: Int, frame: Int) -> (Double, Double) {
        let layer = layers[index]
        let steps = frame - Int(layer.beginFrame)
        switch scalarPrograms[layer.program] {
        case .timeline(let outputs):
            return outputs(Double(max(steps, -1)) * interval)
        case .spring(let spring):
            guard steps > 0, let moving = try? spring.with(initialVelocity: layer.initialVelocity) else {
                return (0, layer.initialVelocity)
            }
            let time = Double(steps) * interval
            return (moving.progress(at: time), moving.velocity(at: time))
        }
    }

    /// Splits `total` into whole shares proportional to `weights` (largest remainders).
    static func apportion(_ total: Int, weights: [Double]) -> [Int] {
        let sum = weights.reduce(0, +)
        let exact = weights.map { Double(total) * $0 / sum }
        var shares = exact.map { Int($0.rounded(.down)) }
        let order = exact.indices.sorted { exact[$0] - Double(shares[$0]) > exact[$1] - Double(shares[$1]) }
        for index in order.prefix(total - shares.reduce(0, +)) { shares[index] += 1 }
        return shares
    }

    /// The exact two outputs of a timing-driven kind at a local time in seconds.
    static func outputs(of kind: Scenario.Kind) -> (Double) -> (Double, Double) {
        switch kind {
        case .basic(let from, let to, let timing):
            let animation = try! BasicAnimation<Double>(from: from, to: to, timing: timing)
            return { (animation.value(atParentTime: $0, current: from) ?? from, 0) }
        case .keyframes(let animation):
            return { (animation.value(atParentTime: $0, current: animation.values[0]) ?? animation.values[0], 0) }
        case .pendulum(let rotation, let shift):
            return { (rotation.value(at: $0), shift.value(at: $0)) }
        case .cardFlip(let group, let rotation, let scale):
            return { time in
                let child = group.childTime(parentTime: time)
                return (rotation.value(atParentTime: child, current: 0) ?? 0, scale.value(atParentTime: child, current: 1) ?? 1)
            }
        case .transition(let transition, let timing):
            return { time in
                let (outgoing, incoming) = transition.layers(at: timing.evaluate(parentTime: time).progress ?? 0)
                if transition.kind == .fade { return (outgoing.opacity, incoming.opacity) }
                let horizontal = transition.subtype == .fromLeft || transition.subtype == .fromRight
                return horizontal ? (outgoing.translation.x, incoming.translation.x)
                    : (outgoing.translation.y, incoming.translation.y)
            }
        case .interactive(var transition, let scrubTo, let scrubDuration, let finish, let width):
            transition.update(scrubTo)
            let completion = finish ? transition.finish() : transition.cancel()
            return { time in
                let percent = time <= 0 ? 0 : (time < scrubDuration ? scrubTo * time / scrubDuration
                                                : completion.percent(at: time - scrubDuration))
                return (percent, percent * width)
            }
        case .spring:
            // Not reached: `init` turns spring entries into propagator programs before asking for timeline outputs.
            return { _ in (0, 0) }
        }
    }
}
