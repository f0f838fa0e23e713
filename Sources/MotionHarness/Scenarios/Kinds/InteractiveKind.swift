import MotionCore
import MotionEngine

/// `interactive`: a `UIPercentDrivenInteractiveTransition` scrubbed linearly to `scrubTo` over `scrubDuration`, then
/// finished or cancelled with ease-in-out, each layer with its own parameters. Outputs: percent and offset (points).
enum InteractiveKind: ScenarioKind {
    static let engineKind = EngineLayerKind.interactive
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

    func kernels(begins: [Double], generator: inout SplitMix64) -> [any LayerGroup] {
        let layers = InteractiveLayers(count: begins.count)
        for (i, begin) in begins.enumerated() {
            let d = duration.sample(&generator), p = scrubTo.sample(&generator), scrub = scrubDuration.sample(&generator)
            let finishes = finish.sample(&generator), s = speed.sample(&generator), w = width.sample(&generator)
            layers.set(i, .init(begin: begin, duration: d, scrubTo: p, scrubDuration: scrub, finishes: finishes,
                                completionSpeed: s, width: w))
        }
        return [InteractiveGroup(layers: layers)]
    }
}

/// `InteractiveLayers` with the scalar path (`InteractiveTransition`) and the naive model.
struct InteractiveGroup: LayerGroup {
    let layers: InteractiveLayers
    var kernel: any LayerKernel { layers }

    func beginTime(_ layer: Int) -> Double { layers.parameters(layer).begin }
    func outputScale(layer: Int) -> Double { layers.parameters(layer).width }

    /// `InteractiveTransition` updated to the scrub percent, then its `finish()` or `cancel()` completion.
    func expectedOutputs(layer i: Int, time: Double) -> [Double] {
        let p = layers.parameters(i), local = time - p.begin
        var transition = KernelParameters.rebuilt {
            try InteractiveTransition(duration: p.duration, completionSpeed: p.completionSpeed)
        }
        transition.update(p.scrubTo)
        let completion = p.finishes ? transition.finish() : transition.cancel()
        let percent = local <= 0 ? 0
            : (local < p.scrubDuration ? p.scrubTo * local / p.scrubDuration : completion.percent(at: local - p.scrubDuration))
        return [percent, percent * p.width]
    }

    func engineParameters(layer i: Int) -> EngineLayer.Parameters { .interactive(layers.parameters(i)) }

    /// Percent (travel 1) and offset (travel: the width), both to a tenth of a pixel.
    func errorScales(layer i: Int) -> [ErrorScale] {
        [ErrorScale(travel: 1, .tenthPixel), ErrorScale(travel: layers.parameters(i).width, .tenthPixel)]
    }

    func naiveAnimations(layer i: Int) -> [any NaiveAnimation] {
        let p = layers.parameters(i)
        return [NaiveInteractive(duration: p.duration, speed: p.completionSpeed, scrubTo: p.scrubTo,
                                 scrubDuration: p.scrubDuration, finish: p.finishes, width: p.width,
                                 curve: NaiveCurve(.cubicBezier(.easeInOut)))]
    }
}

/// The naive interactive transition: the completion's length and curve recomputed on every call.
struct NaiveInteractive: NaiveAnimation {
    let duration: Double, speed: Double, scrubTo: Double, scrubDuration: Double, finish: Bool, width: Double
    let curve: NaiveCurve

    func apply(clockTime: Double, beginTime: Double, to layer: NaiveEvaluator.Layer) {
        let time = clockTime - beginTime
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
