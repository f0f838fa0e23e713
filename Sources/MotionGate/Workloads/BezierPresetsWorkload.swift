import MotionCore

extension GateWorkload {
    /// `bezier-presets`: the default Bézier solver over shuffled inputs on Apple's five presets (4,000,000 evaluations).
    package static let bezierPresets = GateWorkload(
        name: "bezier-presets",
        summary: "the default Bézier solver on Apple's 5 presets, 4M evaluations"
    ) { generator in
        WorkloadLoops.bezier(CubicBezier.applePresets.map(\.curve), perCurve: 800_000, &generator)
    }
}
