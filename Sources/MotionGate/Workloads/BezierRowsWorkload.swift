import MotionCore

extension GateWorkload {
    /// `bezier-rows`: the solver with certified rows (`CubicBezier.withCertifiedRows()`, built before the measured
    /// region) on Apple's four non-linear presets and the four hard curves of `bezier-hard` (4,000,000 evaluations).
    public static let bezierRows = GateWorkload(
        name: "bezier-rows",
        summary: "the Bézier solver with certified rows on 4 presets and 4 hard curves, 4M evaluations"
    ) { generator in
        let curves = [
            CubicBezier.ease, .easeIn, .easeOut, .easeInOut,
            try CubicBezier(x1: 1, y1: 0, x2: 0, y2: 1), try CubicBezier(x1: 0, y1: 1, x2: 1, y2: 0),
            try CubicBezier(x1: 0.99, y1: 0, x2: 0.01, y2: 1), try CubicBezier(x1: 0.001, y1: 0, x2: 0.999, y2: 1),
        ].map { $0.withCertifiedRows() }
        return WorkloadLoops.bezier(curves, perCurve: 500_000, &generator)
    }
}
