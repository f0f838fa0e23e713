import MotionCore

extension GateWorkload {
    /// `bezier-rows`: the solver with certified rows (`CubicBezier.withCertifiedRows()`, built before the measured
    /// region) on Apple's four non-linear presets and the four hard curves of `bezier-hard` (4,000,000 evaluations).
    package static let bezierRows = GateWorkload(
        name: "bezier-rows",
        summary: "the Bézier solver with certified rows on 4 presets and 4 hard curves, 4M evaluations"
    ) { generator in
        let curves = ([CubicBezier.ease, .easeIn, .easeOut, .easeInOut] + (try hardCurves())).map { $0.withCertifiedRows() }
        return WorkloadLoops.bezier(curves, perCurve: 500_000, &generator)
    }
}
