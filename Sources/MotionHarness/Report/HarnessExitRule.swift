/// The rule that decides whether a finished run (`FrameHarness.run`) fails once its report is written: the first
/// engine with a failure, then with `verify`, the first layer count whose batch differs from the scalar path by more
/// than `FrameHarness.verifyTolerance`, then the first engine under test with an output beyond its visible threshold.
public enum HarnessExitRule {
    /// The verdict on `results`, or nil when the run passes; `verify` is whether the run was asked to verify
    /// (`run --verify`: the two verification checks apply only then).
    public static func check(results: [HarnessResult], verify: Bool) -> RunVerdict? {
        if let failed = results.lazy.flatMap(\.engines).first(where: { $0.failure != nil }) {
            return .engineFailed(failed.failure ?? "")
        }
        guard verify else { return nil }
        if let bad = results.first(where: { ($0.verification?.maxError ?? 0) > FrameHarness.verifyTolerance }) {
            return .verificationFailed("--verify failed at \(bad.layers) layers: largest |batch − scalar| / scale = "
                                       + "\(bad.verification?.maxError ?? 0) > \(FrameHarness.verifyTolerance)")
        }
        if let (layers, row) = results.lazy.flatMap({ r in r.engines.map { (r.layers, $0) } })
            .first(where: { $0.1.isUnderTest && $0.1.errors.contains { $0.beyondVisible > 0 } }) {
            let beyond = row.errors.reduce(0) { $0 + $1.beyondVisible }, outputs = row.errors.reduce(0) { $0 + $1.outputs }
            return .verificationFailed("--verify failed for engine \(row.name) at \(layers) layers: \(beyond) of "
                                       + "\(outputs) outputs compared are beyond their visible threshold"
                                       + (row.worst.map { w in "; worst: layer \(w.layer) (its layer \(w.engineLayer), \(w.kind)) output "
                                           + "\(w.output) at t = \(w.time) s: \(w.actual), exact \(w.expected)" } ?? ""))
        }
        return nil
    }
}
