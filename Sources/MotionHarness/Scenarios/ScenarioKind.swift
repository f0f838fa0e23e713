import MotionCore
import MotionEngine

/// One kind of scenario entry (`basic`, `spring`, …): the engine kind its layers are (which gives its name), its fields
/// and how to read an entry of it. A new kind is one file that declares a type conforming to this and, in the same
/// file, what engines receive of it (its `EngineLayerKind` member and `EngineKindParameters` type; the seven built-in
/// kinds keep those in MotionEngine's Kinds/), plus one line in `ScenarioKinds.all`, its kernel and the header.
protocol ScenarioKind: Sendable {
    /// The kind of layer engines receive for an entry of this kind.
    static var engineKind: EngineLayerKind { get }
    /// The kind's own fields (besides `kind`, `weight`, `begin` and `staggerFrames`).
    static var fields: Set<String> { get }
    /// Reads an entry of this kind.
    static func recipe(_ reader: ScenarioReader) throws(ScenarioError) -> any LayerRecipe
}

extension ScenarioKind {
    /// The `kind` value in a scenario file: the engine kind's name.
    static var name: String { engineKind.name }
}

/// The registry of scenario kinds.
enum ScenarioKinds {
    /// Every kind, in the order the documentation lists them.
    static let all: [any ScenarioKind.Type] = [
        BasicKind.self, SpringKind.self, KeyframesKind.self, PendulumKind.self, CardFlipKind.self, TransitionKind.self,
        InteractiveKind.self,
    ]

    /// The kind named `name`, if any.
    static func named(_ name: String) -> (any ScenarioKind.Type)? { all.first { $0.name == name } }
}

/// A parsed scenario entry: draws each layer's own parameters and builds the kernels that evaluate them.
protocol LayerRecipe: Sendable {
    /// Why this entry's layers differ beyond their begin times, or nil when they share every parameter (which the
    /// shared-timeline comparison needs).
    var variation: String? { get }
    /// Draws the parameters of layers beginning at `begins` (seconds), fills MotionCore kernels with them through their
    /// typed setters, and returns them, one per group of layers that share a curve. Layers are numbered through the
    /// kernels in order.
    func kernels(begins: [Double], generator: inout SplitMix64) -> [any LayerGroup]
}

/// A MotionCore kernel's layers as the harness sees them: the kernel that the store evaluates every frame, and beside
/// it what the harness needs for its checks and comparisons, read from the kernel's typed getters: the independent
/// scalar path, the naive object model, and the scale of the outputs. Nothing here runs inside a frame.
protocol LayerGroup: Sendable {
    /// The kernel the layer store evaluates.
    var kernel: any LayerKernel { get }
    /// Begin time of `layer`, in seconds.
    func beginTime(_ layer: Int) -> Double
    /// What MotionCore's scalar animation API shows for `layer` at `time` seconds, built from the layer's parameters
    /// with the public animation types (`BasicAnimation`, `MediaTiming`, `CubicBezier`, `SpringSolution`, …): an
    /// evaluation independent of the kernel's `evaluate`.
    func expectedOutputs(layer: Int, time: Double) -> [Double]
    /// The size of `layer`'s values (from, to, travel …), for the relative part of --verify's tolerance.
    func outputScale(layer: Int) -> Double
    /// The layer in the naive object model (one class instance, animations as existentials).
    func naiveAnimations(layer: Int) -> [any NaiveAnimation]
    /// The layer's parameters as an engine under test receives them (read from the kernel's typed getters).
    func engineParameters(layer: Int) -> EngineLayer.Parameters
    /// Per output: the travel an error is divided by (value units) and the visible threshold it is held to.
    func errorScales(layer: Int) -> [ErrorScale]
}

/// How one output's error is judged in the engines' table: as a fraction of `travel` (the distance the output moves,
/// in value units), beyond `threshold` counted as visible.
struct ErrorScale: Sendable {
    /// The output's travel in value units (> 0).
    let travel: Double
    /// The visible threshold, in fractions of the travel.
    let threshold: VisibleThreshold

    /// A scale of `travel` (a travel of 0, from == to, counts as 1 value unit) held to `threshold`.
    init(travel: Double, _ threshold: VisibleThreshold) {
        self.travel = travel > 0 && travel.isFinite ? travel : 1
        self.threshold = threshold
    }
}

/// One layer's drawn timing: begin, duration, repeat count, autoreverse and (own curves) its curve.
struct TimedDraw {
    var begin: Double, duration: Double, repeatCount: Double, autoreverses: Bool
    var curve: CubicBezier?

    /// The timing as MotionCore's kernels take it.
    var parameters: LayerTimingParameters {
        LayerTimingParameters(begin: begin, duration: duration, repeatCount: repeatCount, autoreverses: autoreverses)
    }
}

/// The timing fields every timing-driven kind reads: `duration`, `repeatCount`, `autoreverses` and `easing`.
struct TimedFields: Sendable {
    static let names: Set<String> = ["duration", "repeatCount", "autoreverses", "easing"]
    let duration: NumberDistribution
    let repeatCount: NumberDistribution
    let autoreverses: BoolDistribution
    let easing: EasingDistribution

    init(_ reader: ScenarioReader, defaultEasing: TimingFunction = .linear(.identity)) throws(ScenarioError) {
        duration = try reader.distribution("duration", rule: Rule.duration)
        repeatCount = try reader.distribution("repeatCount", default: 0) { value in
            value >= 0 && value <= 1e6 ? nil : "must be in [0, 1000000]"
        }
        autoreverses = try reader.boolDistribution("autoreverses", default: false)
        easing = try reader.easing(default: defaultEasing)
    }

    /// Why layers differ, or nil.
    var variation: String? {
        if !duration.isConstant { return "durations vary per layer" }
        if !repeatCount.isConstant || !autoreverses.isConstant { return "repeats vary per layer" }
        if !easing.isConstant { return "easings vary per layer" }
        return nil
    }

    /// Curve groups: per layer, the index of its group, and per group the shared function (nil: own curves). Draws
    /// from its own generator so that parameters drawn later in layer order do not depend on the grouping.
    func groups(count: Int, generator: inout SplitMix64) -> (groupOf: [UInt16], functions: [TimingFunction?]) {
        switch easing {
        case .constant(let function):
            return ([UInt16](repeating: 0, count: count), [function])
        case .choice(let functions, let weights):
            var local = SplitMix64(seed: generator.next())
            return ((0..<count).map { _ in UInt16(WeightedChoice.index(weights, &local)) }, functions)
        case .randomBezier:
            return ([UInt16](repeating: 0, count: count), [nil])
        }
    }

    /// Draws layer timing (and its own curve when curves are random).
    func draw(begin: Double, generator: inout SplitMix64) -> TimedDraw {
        var draw = TimedDraw(begin: begin, duration: duration.sample(&generator), repeatCount: repeatCount.sample(&generator),
                             autoreverses: autoreverses.sample(&generator))
        if case .randomBezier(let x1, let y1, let x2, let y2) = easing {
            // The ranges were validated (x in [0, 1], y finite), so the curve is valid.
            let (a, b, c, d) = (x1.sample(&generator), y1.sample(&generator), x2.sample(&generator), y2.sample(&generator))
            draw.curve = KernelParameters.rebuilt { try CubicBezier(x1: a, y1: b, x2: c, y2: d, evaluations: .few) }
        }
        return draw
    }
}

/// Builds one kernel per curve group: counts the layers of each group, creates the kernels, then hands each layer
/// (in layer order) to its group's kernel at the next free slot.
func groupedKernels<Group: LayerGroup>(
    begins: [Double], timing: TimedFields, generator: inout SplitMix64,
    make: (_ count: Int, _ curves: LayerCurves) -> Group,
    fill: (_ group: Group, _ slot: Int, _ draw: TimedDraw, _ generator: inout SplitMix64) -> Void
) -> [any LayerGroup] {
    let (groupOf, functions) = timing.groups(count: begins.count, generator: &generator)
    var counts = [Int](repeating: 0, count: functions.count)
    for group in groupOf { counts[Int(group)] += 1 }
    let groups = functions.indices.map { make(counts[$0], functions[$0].map(LayerCurves.shared) ?? .perLayer) }
    var next = [Int](repeating: 0, count: functions.count)
    for (layer, begin) in begins.enumerated() {
        let group = Int(groupOf[layer])
        let draw = timing.draw(begin: begin, generator: &generator)
        fill(groups[group], next[group], draw, &generator)
        next[group] += 1
    }
    return groups.filter { $0.kernel.count > 0 }
}
