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

/// The timed figures of one layer count, each the median over the timed passes with its range.
struct PassSummary {
    var nsPerLayerFrame, naiveNsPerLayerFrame, streamNsPerLayerFrame, speedupVsNaive, ratioToStream: Timed
    var frameMs: FrameTimes
    var sharedTimelineNsPerLayerFrame: Timed?

    /// The summary of `passes` (at least one); the shared timeline's figure where every pass ran it.
    init(_ passes: [PassFigures]) {
        func figure(_ value: (PassFigures) -> Double) -> Timed { Timed(samples: passes.map(value)) }
        nsPerLayerFrame = figure(\.nsPerLayerFrame)
        frameMs = FrameTimes(p50: figure(\.frameMsP50), p90: figure(\.frameMsP90), p99: figure(\.frameMsP99),
                             max: figure(\.frameMsMax))
        naiveNsPerLayerFrame = figure(\.naiveNsPerLayerFrame)
        streamNsPerLayerFrame = figure(\.streamNsPerLayerFrame)
        speedupVsNaive = figure(\.speedupVsNaive)
        ratioToStream = figure(\.ratioToStream)
        let timeline = passes.compactMap(\.sharedTimelineNsPerLayerFrame)
        sharedTimelineNsPerLayerFrame = timeline.count == passes.count ? Timed(samples: timeline) : nil
    }
}
