extension GateWorkload {
    /// `frame-card-flip-100k`: the batch evaluator on the `card-flip` scenario (4×4 matrices): 100,000 layers, 60
    /// frames at 120 Hz.
    package static let frameCardFlip100k = GateWorkload(
        name: "frame-card-flip-100k",
        summary: "the batch evaluator, card-flip, 100k layers, 60 frames"
    ) { _ in
        try WorkloadLoops.frames(scenario: "card-flip", layers: 100_000, frames: 60)
    }
}
