import MotionCore

/// `interactive`: a `UIPercentDrivenInteractiveTransition` scrubbed linearly to `scrubTo` over `scrubDuration`, then
/// finished or cancelled with ease-in-out, each layer with its own parameters. Outputs: percent and offset (points).
enum InteractiveKind: ScenarioKind {
    static let name = "interactive"
    static let fields: Set<String> = ["duration", "scrubTo", "scrubDuration", "finish", "completionSpeed", "width"]

    static func recipe(_ reader: ScenarioReader) throws(ScenarioError) -> any LayerRecipe {
        InteractiveRecipe(
            duration: try reader.distribution("duration", rule: Rule.duration),
            scrubTo: try reader.distribution("scrubTo", rule: Rule.unit),
            scrubDuration: try reader.distribution("scrubDuration", rule: Rule.duration),
            finish: try reader.boolDistribution("finish", default: true),
            speed: try reader.distribution("completionSpeed", default: 1) { $0 > 0 && $0 <= 1e6 ? nil : "must be in (0, 1000000]" },
            width: try reader.distribution("width", default: 320) { $0 > 0 && $0 <= 1e6 ? nil : "must be in (0, 1000000] points" })
    }
}

struct InteractiveRecipe: LayerRecipe {
    let duration: NumberDistribution, scrubTo: NumberDistribution, scrubDuration: NumberDistribution
    let finish: BoolDistribution
    let speed: NumberDistribution, width: NumberDistribution

    var variation: String? {
        [duration, scrubTo, scrubDuration, speed, width].allSatisfy(\.isConstant) && finish.isConstant
            ? nil : "gestures vary per layer"
    }

    func kernels(begins: [Double], generator: inout SplitMix64) -> [any HarnessKernel] {
        let kernel = InteractiveKernel(count: begins.count)
        for (i, begin) in begins.enumerated() {
            let d = duration.sample(&generator), p = scrubTo.sample(&generator), scrub = scrubDuration.sample(&generator)
            let finishes = finish.sample(&generator), s = speed.sample(&generator), w = width.sample(&generator)
            let c = kernel.columns
            (c[0][i], c[1][i], c[2][i], c[3][i], c[4][i], c[5][i], c[6][i]) = (begin, d, p, scrub, finishes ? 1 : 0, s, w)
            c[7][i] = (finishes ? max(1 - p, 0) : p) * d / s
        }
        return [kernel]
    }
}

/// Interactive layers: linear scrub, then the eased completion.
final class InteractiveKernel: HarnessKernel, @unchecked Sendable {
    let count: Int
    let components = 2
    /// begin, duration, scrubTo, scrubDuration, finish (1/0), completionSpeed, width, completion seconds, percent, offset.
    let columns: LayerColumns
    let curve = TabulatedCubicBezier(CompactCubicBezier(.easeInOut))

    init(count: Int) {
        self.count = count
        columns = LayerColumns(columns: 10, count: count)
    }

    func evaluate(_ frame: LayerFrame, layers range: Range<Int>) {
        let (begin, scrubTo, scrub, finish, width, completion) = (columns[0], columns[2], columns[3], columns[4], columns[6],
                                                                  columns[7])
        let (percentOut, offsetOut) = (columns[8], columns[9])
        // Per block: the completion's progress for every layer, eased at once by the shared curve, then selects (no
        // branch on the layer's phase).
        LayerBlock.forEach(in: range) { block, eased in
            for i in block {
                let local = frame.time - begin[i], length = completion[i]
                let progress = (local - scrub[i]) / (length > 0 ? length : 1)
                eased[i] = progress < 0 ? 0 : (progress > 1 ? 1 : progress)
            }
            curve.ease(eased + block.lowerBound, count: block.count)
            for i in block {
                let local = frame.time - begin[i], p = scrubTo[i], target = finish[i]
                let completing = completion[i] > 0 ? p + (target - p) * eased[i] : target
                let scrubbing = p * local / scrub[i]
                let percent = local <= 0 ? 0 : (local < scrub[i] ? scrubbing : completing)
                percentOut[i] = percent
                offsetOut[i] = percent * width[i]
            }
        }
    }

    func reset() {
        columns[8].update(repeating: 0, count: count)
        columns[9].update(repeating: 0, count: count)
    }

    var streamReads: [UnsafeMutablePointer<Double>] { [0, 2, 3, 4, 6, 7].map { columns[$0] } }
    var streamWrites: [UnsafeMutablePointer<Double>] { [columns[8], columns[9]] }
    var bytesPerLayer: Int { columns.columns * 8 }
    func output(_ component: Int, layer: Int) -> Double { columns[8 + component][layer] }
    func beginTime(_ layer: Int) -> Double { columns[0][layer] }
    func outputScale(layer: Int) -> Double { columns[6][layer] }

    func isActive(_ layer: Int, at time: Double) -> Bool {
        let local = time - columns[0][layer]
        return local > 0 && local < columns[3][layer] + columns[7][layer]
    }

    /// `InteractiveTransition` updated to the scrub percent, then its `finish()` or `cancel()` completion.
    func expectedOutputs(layer i: Int, time: Double) -> [Double] {
        let c = columns, local = time - c[0][i]
        var transition = try! InteractiveTransition(duration: c[1][i], completionSpeed: c[5][i])
        transition.update(c[2][i])
        let completion = c[4][i] != 0 ? transition.finish() : transition.cancel()
        let percent = local <= 0 ? 0 : (local < c[3][i] ? c[2][i] * local / c[3][i] : completion.percent(at: local - c[3][i]))
        return [percent, percent * c[6][i]]
    }

    func naiveAnimations(layer i: Int) -> [any NaiveAnimation] {
        let c = columns
        return [NaiveInteractive(duration: c[1][i], speed: c[5][i], scrubTo: c[2][i], scrubDuration: c[3][i],
                                 finish: c[4][i] != 0, width: c[6][i], curve: NaiveCurve(.cubicBezier(.easeInOut)))]
    }
}

/// The naive interactive transition: the completion's length and curve recomputed on every call.
struct NaiveInteractive: NaiveAnimation {
    let duration: Double, speed: Double, scrubTo: Double, scrubDuration: Double, finish: Bool, width: Double
    let curve: NaiveCurve

    func apply(time: Double, to layer: NaiveEvaluator.Layer) {
        var percent = 0.0
        if time > 0, time < scrubDuration {
            percent = scrubTo * time / scrubDuration
        } else if time >= scrubDuration {
            let target = finish ? 1.0 : 0.0
            let length = (finish ? 1 - scrubTo : scrubTo) * duration / speed
            let progress = length > 0 ? min((time - scrubDuration) / length, 1) : 1
            percent = scrubTo + (target - scrubTo) * curve.value(progress)
        }
        layer.values[0] = percent
        layer.values[1] = percent * width
    }
}
