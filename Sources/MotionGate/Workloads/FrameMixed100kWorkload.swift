extension GateWorkload {
    /// `frame-mixed-100k`: the batch evaluator on the `mixed` scenario: 100,000 layers, 60 frames at 120 Hz.
    package static let frameMixed100k = GateWorkload(
        name: "frame-mixed-100k",
        summary: "the batch evaluator, mixed scenario, 100k layers, 60 frames"
    ) { _ in
        try WorkloadLoops.frames(scenario: "mixed", layers: 100_000, frames: 60)
    }
}
