/// What one timed pass over all frames measured: frame times per layer and their percentiles, and the comparisons
/// timed after it.
struct PassFigures {
    /// Median frame time divided by the layer count, ns.
    var nsPerLayerFrame = 0.0
    /// Frame-time percentiles, ms.
    var frameMsP50 = 0.0, frameMsP90 = 0.0, frameMsP99 = 0.0, frameMsMax = 0.0
    /// The naive evaluator's median cost per layer-frame, ns.
    var naiveNsPerLayerFrame = 0.0
    /// The stream bound's median cost per layer-frame, ns.
    var streamNsPerLayerFrame = 0.0
    /// The shared timeline's median cost per layer-frame, ns (nil where it cannot run).
    var sharedTimelineNsPerLayerFrame: Double?

    /// naive / batch cost per layer.
    var speedupVsNaive: Double { naiveNsPerLayerFrame / nsPerLayerFrame }
    /// batch / stream cost per layer.
    var ratioToStream: Double { nsPerLayerFrame / streamNsPerLayerFrame }
}

/// One repeated figure over the timed passes: its median and, when there was more than one pass, its min–max range.
struct RepeatedFigure {
    /// The median over passes (the mean of the middle two for an even count).
    let median: Double
    /// The smallest and largest value, for more than one pass.
    let range: ClosedRange<Double>?

    /// The figure over `samples` (at least one).
    init(_ samples: [Double]) {
        let sorted = samples.sorted()
        let middle = sorted.count / 2
        median = sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
        range = sorted.count > 1 ? sorted[0]...sorted[sorted.count - 1] : nil
    }
}

/// The timed figures of one layer count, each the median over the timed passes with its spread.
struct PassSummary {
    var nsPerLayerFrame, frameMsP50, frameMsP90, frameMsP99, frameMsMax: RepeatedFigure
    var naiveNsPerLayerFrame, streamNsPerLayerFrame, speedupVsNaive, ratioToStream: RepeatedFigure
    var sharedTimelineNsPerLayerFrame: RepeatedFigure?

    /// The summary of `passes` (at least one); the shared timeline's figure where every pass ran it.
    init(_ passes: [PassFigures]) {
        func figure(_ value: (PassFigures) -> Double) -> RepeatedFigure { RepeatedFigure(passes.map(value)) }
        nsPerLayerFrame = figure(\.nsPerLayerFrame)
        (frameMsP50, frameMsP90) = (figure(\.frameMsP50), figure(\.frameMsP90))
        (frameMsP99, frameMsMax) = (figure(\.frameMsP99), figure(\.frameMsMax))
        naiveNsPerLayerFrame = figure(\.naiveNsPerLayerFrame)
        streamNsPerLayerFrame = figure(\.streamNsPerLayerFrame)
        speedupVsNaive = figure(\.speedupVsNaive)
        ratioToStream = figure(\.ratioToStream)
        let timeline = passes.compactMap(\.sharedTimelineNsPerLayerFrame)
        sharedTimelineNsPerLayerFrame = timeline.count == passes.count ? RepeatedFigure(timeline) : nil
    }

    /// Each repeated figure under its name in the JSON report (`HarnessReport.spreadKeys`).
    var named: [(key: String, figure: RepeatedFigure)] {
        [("nsPerLayerFrame", nsPerLayerFrame), ("frameMsP50", frameMsP50), ("frameMsP90", frameMsP90),
         ("frameMsP99", frameMsP99), ("frameMsMax", frameMsMax), ("naiveNsPerLayerFrame", naiveNsPerLayerFrame),
         ("streamNsPerLayerFrame", streamNsPerLayerFrame), ("speedupVsNaive", speedupVsNaive),
         ("ratioToStream", ratioToStream)]
            + (sharedTimelineNsPerLayerFrame.map { [("sharedTimelineNsPerLayerFrame", $0)] } ?? [])
    }

    /// The min–max range of every figure, by JSON name; empty for a single pass.
    var spread: [String: ClosedRange<Double>] {
        var spread: [String: ClosedRange<Double>] = [:]
        for (key, figure) in named { spread[key] = figure.range }
        return spread
    }
}
