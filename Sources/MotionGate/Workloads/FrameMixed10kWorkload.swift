extension GateWorkload {
    /// `frame-mixed-10k`: the batch evaluator on the `mixed` scenario: 10,000 layers with their own parameters, 600
    /// frames at 120 Hz.
    package static let frameMixed10k = GateWorkload(
        name: "frame-mixed-10k",
        summary: "the batch evaluator, mixed scenario, 10k layers, 600 frames"
    ) { _ in
        try WorkloadLoops.frames(scenario: "mixed", layers: 10_000, frames: 600)
    }
}
