import MotionCore

/// `basic`: a `CABasicAnimation` from → to of an opacity (`scalar`), a position (`point`) or a colour (`color`), each
/// layer with its own begin time, duration, repeats, easing and values.
enum BasicKind: ScenarioKind {
    static let name = "basic"
    static let fields: Set<String> = TimedFields.names.union(["value", "from", "to"])

    /// The value types and their component counts.
    static let valueTypes = ["scalar": 1, "point": 2, "color": 4]

    static func recipe(_ reader: ScenarioReader) throws(ScenarioError) -> any LayerRecipe {
        let type = try reader.oneOf("value", ["scalar", "point", "color"], default: "scalar")
        let components = valueTypes[type]!
        func values(_ key: String) throws(ScenarioError) -> [NumberDistribution] {
            if components == 1 { return [try reader.distribution(key, rule: Rule.magnitude)] }
            let list = try reader.distributions(key, rule: Rule.magnitude)
            guard list.count == components else {
                throw reader.fail(key, "must have \(components) components for a \(type) value (found \(list.count))")
            }
            return list
        }
        return BasicRecipe(timing: try TimedFields(reader), from: try values("from"), to: try values("to"))
    }
}

struct BasicRecipe: LayerRecipe {
    let timing: TimedFields
    let from: [NumberDistribution], to: [NumberDistribution]

    var variation: String? {
        timing.variation ?? ((from + to).allSatisfy(\.isConstant) ? nil : "values vary per layer")
    }

    func kernels(begins: [Double], generator: inout SplitMix64) -> [any HarnessKernel] {
        groupedKernels(begins: begins, timing: timing, generator: &generator,
                       make: { BasicKernel(count: $0, components: from.count, function: $1) },
                       fill: { kernel, slot, draw, generator in
                           kernel.timed.set(slot, draw)
                           for c in 0..<from.count {
                               kernel.timed.value(c)[slot] = from[c].sample(&generator)
                               kernel.timed.value(from.count + c)[slot] = to[c].sample(&generator)
                           }
                       })
    }
}

/// Layers interpolating 1, 2 or 4 components: out = from + (to − from)·eased progress.
final class BasicKernel: HarnessKernel, @unchecked Sendable {
    let count: Int
    let components: Int
    let timed: TimedColumns

    init(count: Int, components: Int, function: TimingFunction?) {
        self.count = count
        self.components = components
        timed = TimedColumns(count: count, valueColumns: 3 * components, function: function)
    }

    private func from(_ c: Int) -> UnsafeMutablePointer<Double> { timed.value(c) }
    private func to(_ c: Int) -> UnsafeMutablePointer<Double> { timed.value(components + c) }
    private func out(_ c: Int) -> UnsafeMutablePointer<Double> { timed.value(2 * components + c) }

    func evaluate(_ frame: LayerFrame, layers range: Range<Int>) {
        let components = self.components
        timed.forEachBlock(range, time: frame.time) { block, progress in
            for c in 0..<components {
                let a = from(c), b = to(c), o = out(c)
                for i in block { o[i] = a[i] + (b[i] - a[i]) * progress[i] }
            }
        }
    }

    func reset() {
        for c in 0..<components { out(c).update(from: from(c), count: count) }
    }

    var streamReads: [UnsafeMutablePointer<Double>] { timed.streamReads + (0..<(2 * components)).map(timed.value) }
    var streamWrites: [UnsafeMutablePointer<Double>] { (0..<components).map(out) }
    var bytesPerLayer: Int { timed.columns.columns * 8 }
    func output(_ component: Int, layer: Int) -> Double { out(component)[layer] }
    func isActive(_ layer: Int, at time: Double) -> Bool { timed.isActive(layer, at: time) }
    func beginTime(_ layer: Int) -> Double { timed.timing.beginTime(layer) }

    func outputScale(layer: Int) -> Double {
        (0..<components).reduce(0) { max($0, abs(from($1)[layer]), abs(to($1)[layer])) }
    }

    func expectedOutputs(layer i: Int, time: Double) -> [Double] {
        let timing = timed.mediaTiming(i), local = time - beginTime(i)
        let a = (0..<components).map { from($0)[i] }, b = (0..<components).map { to($0)[i] }
        switch components {
        case 1:
            let animation = try! BasicAnimation<Double>(from: a[0], to: b[0], timing: timing)
            return [animation.value(atParentTime: local, current: a[0]) ?? a[0]]
        case 2:
            let start = Point(x: a[0], y: a[1])
            let animation = try! BasicAnimation<Point>(from: start, to: Point(x: b[0], y: b[1]), timing: timing)
            let value = animation.value(atParentTime: local, current: start) ?? start
            return [value.x, value.y]
        default:
            let start = RGBAColor(red: a[0], green: a[1], blue: a[2], alpha: a[3])
            let animation = try! BasicAnimation<RGBAColor>(
                from: start, to: RGBAColor(red: b[0], green: b[1], blue: b[2], alpha: b[3]), timing: timing)
            let value = animation.value(atParentTime: local, current: start) ?? start
            return [value.red, value.green, value.blue, value.alpha]
        }
    }

    func naiveAnimations(layer i: Int) -> [any NaiveAnimation] {
        let (timing, curve) = timed.naive(i)
        return [NaiveBasic(from: (0..<components).map { from($0)[i] }, to: (0..<components).map { to($0)[i] },
                           timing: timing, curve: curve)]
    }
}

/// A naive basic animation of any number of components.
struct NaiveBasic: NaiveAnimation {
    let from: [Double], to: [Double]
    let timing: NaiveTiming
    let curve: NaiveCurve

    func apply(time: Double, to layer: NaiveEvaluator.Layer) {
        let progress = curve.value(timing.progress(time))
        for c in from.indices { layer.values[c] = from[c] + (to[c] - from[c]) * progress }
    }
}
