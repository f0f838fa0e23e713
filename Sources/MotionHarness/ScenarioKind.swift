import MotionCore

/// One kind of scenario entry (`basic`, `spring`, …): its name, its fields and how to read an entry of it. A new kind
/// is one file that declares a type conforming to this, plus one line in `ScenarioKinds.all`.
protocol ScenarioKind: Sendable {
    /// The `kind` value in a scenario file.
    static var name: String { get }
    /// The kind's own fields (besides `kind`, `weight`, `begin` and `staggerFrames`).
    static var fields: Set<String> { get }
    /// Reads an entry of this kind.
    static func recipe(_ reader: ScenarioReader) throws(ScenarioError) -> any LayerRecipe
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
    /// Draws the parameters of layers beginning at `begins` (seconds) and returns their kernels, one per group of
    /// layers that share a curve. Layers are numbered through the kernels in order.
    func kernels(begins: [Double], generator: inout SplitMix64) -> [any HarnessKernel]
}

/// A kernel with what the harness needs beside the batch loop: the independent scalar path, the naive object model,
/// and the scale of its outputs.
protocol HarnessKernel: LayerKernel {
    /// Begin time of `layer`, in seconds.
    func beginTime(_ layer: Int) -> Double
    /// What MotionCore's scalar animation API shows for `layer` at `time` seconds, built from the layer's parameters
    /// with the public animation types (`BasicAnimation`, `MediaTiming`, `CubicBezier`, `SpringSolution`, …): an
    /// evaluation independent of `evaluate`.
    func expectedOutputs(layer: Int, time: Double) -> [Double]
    /// The size of `layer`'s values (from, to, travel …), for the relative part of --verify's tolerance.
    func outputScale(layer: Int) -> Double
    /// The layer in the naive object model (one class instance, animations as existentials).
    func naiveAnimations(layer: Int) -> [any NaiveAnimation]
}

/// The timing and easing columns that every timing-driven kind shares: per layer its begin time, duration, repeat
/// count and autoreverse flag (`LayerTiming`), and its curve when curves are per layer. Value columns follow. A class:
/// as a struct held by each kernel object, every call on it (such as the per-layer `isActive` that the active share
/// counts each frame) copied its easing and tables and retained their storage.
final class TimedColumns: @unchecked Sendable {
    /// All columns of the kernel.
    let columns: LayerColumns
    /// Per-layer media timing.
    let timing: LayerTiming
    /// The group's easing.
    let easing: LayerEasing
    /// The shared timing function, or nil when each layer has its own Bézier.
    let function: TimingFunction?
    /// First column after timing and curves.
    let firstValueColumn: Int

    /// Columns for `count` layers with `valueColumns` kind-specific columns, easing by `function` (nil: own curves).
    init(count: Int, valueColumns: Int, function: TimingFunction?) {
        let curveColumns = function == nil ? BezierColumns.columnCount : 0
        columns = LayerColumns(columns: LayerTiming.columnCount + curveColumns + valueColumns, count: count)
        timing = LayerTiming(columns, first: 0)
        self.function = function
        easing = function.map(LayerEasing.init) ?? .ownBezier(BezierColumns(columns, first: LayerTiming.columnCount))
        firstValueColumn = LayerTiming.columnCount + curveColumns
    }

    /// Column `index` of the kind's value columns.
    func value(_ index: Int) -> UnsafeMutablePointer<Double> { columns[firstValueColumn + index] }

    /// Stores layer `i`'s timing and (with own curves) its curve.
    func set(_ i: Int, _ draw: TimedDraw) {
        timing.set(i, begin: draw.begin, duration: draw.duration, repeatCount: draw.repeatCount, autoreverses: draw.autoreverses)
        if case .ownBezier(let curves) = easing, let curve = draw.curve { curves.set(i, curve) }
    }

    /// Runs `body` over blocks of at most `LayerBlock.size` layers of `range`, with each layer's eased progress at `time` in a
    /// scratch buffer indexed by layer (`progress[i]` for i in the block): the timing and easing loop runs once per
    /// block with its easing chosen outside it, then the kind's value loop.
    @inline(__always)
    func forEachBlock(_ range: Range<Int>, time: Double, _ body: (_ block: Range<Int>, _ progress: UnsafeMutablePointer<Double>) -> Void) {
        LayerBlock.forEach(in: range) { block, progress in
            easing.easeTimes(timing, layers: block, time: time, into: progress + block.lowerBound)
            body(block, progress)
        }
    }

    /// The columns every frame reads for timing and easing.
    var streamReads: [UnsafeMutablePointer<Double>] {
        (0..<(firstValueColumn)).map { columns[$0] }
    }

    /// Whether layer `i` is inside its active interval at `time`.
    func isActive(_ i: Int, at time: Double) -> Bool { timing.sample(i, time: time).isActive }

    /// Layer `i`'s timing function for the scalar path: the shared one, or a `CubicBezier` of its own control points.
    func scalarFunction(_ i: Int) -> TimingFunction {
        if let function { return function }
        guard case .ownBezier(let curves) = easing else { preconditionFailure("layers without a shared function have their own curves") }
        let curve = curves.curve(i)
        return .cubicBezier(try! CubicBezier(x1: curve.x1, y1: curve.y1, x2: curve.x2, y2: curve.y2))
    }

    /// Layer `i`'s Core Animation timing for the scalar path (fill both, kept after completion).
    func mediaTiming(_ i: Int, fillMode: MediaTiming.FillMode = .both) -> MediaTiming {
        let (duration, iterations, autoreverses) = timing.parameters(i)
        let passes: Double = autoreverses ? 2 : 1
        let repeatCount = iterations.isInfinite ? MediaTiming.forever : (iterations == passes ? 0 : iterations / passes)
        return try! MediaTiming(duration: duration, repeatCount: repeatCount, autoreverses: autoreverses,
                                fillMode: fillMode, removedOnCompletion: false, timingFunction: scalarFunction(i))
    }

    /// The naive timing and curve of layer `i`.
    func naive(_ i: Int) -> (NaiveTiming, NaiveCurve) {
        let (duration, iterations, autoreverses) = timing.parameters(i)
        let timing = NaiveTiming(duration: duration, iterations: iterations, autoreverses: autoreverses)
        if case .ownBezier(let curves) = easing { return (timing, NaiveCurve(curves.curve(i))) }
        return (timing, NaiveCurve(scalarFunction(i)))
    }
}

/// One layer's drawn timing: begin, duration, repeat count, autoreverse and (own curves) its curve.
struct TimedDraw {
    var begin: Double, duration: Double, repeatCount: Double, autoreverses: Bool
    var curve: CompactCubicBezier?
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
            draw.curve = try! CompactCubicBezier(x1: x1.sample(&generator), y1: y1.sample(&generator),
                                                 x2: x2.sample(&generator), y2: y2.sample(&generator))
        }
        return draw
    }
}

/// Builds one kernel per curve group: counts the layers of each group, creates the kernels, then hands each layer
/// (in layer order) to its group's kernel at the next free slot.
func groupedKernels<Kernel: HarnessKernel>(
    begins: [Double], timing: TimedFields, generator: inout SplitMix64,
    make: (_ count: Int, _ function: TimingFunction?) -> Kernel,
    fill: (_ kernel: Kernel, _ slot: Int, _ draw: TimedDraw, _ generator: inout SplitMix64) -> Void
) -> [any HarnessKernel] {
    let (groupOf, functions) = timing.groups(count: begins.count, generator: &generator)
    var counts = [Int](repeating: 0, count: functions.count)
    for group in groupOf { counts[Int(group)] += 1 }
    let kernels = functions.indices.map { make(counts[$0], functions[$0]) }
    var next = [Int](repeating: 0, count: functions.count)
    for (layer, begin) in begins.enumerated() {
        let group = Int(groupOf[layer])
        let draw = timing.draw(begin: begin, generator: &generator)
        fill(kernels[group], next[group], draw, &generator)
        next[group] += 1
    }
    return kernels.filter { $0.count > 0 }
}
