import Foundation
import MotionCore

/// The hostile-input contract, checked on one input through the same entry points the command line uses: the
/// input is rejected with an error that names it, or it gives finite answers. A trap ends the process, which is how
/// a fuzzer or a test sees that part of the contract broken; everything else comes back as a violation.
///
/// Shared by the seeded property tests (`HostileInputFuzzTests`) and the libFuzzer entry point (`MotionFuzz`).
public enum InputContract {
    /// Inputs at which a parsed timing function or spring is evaluated: progress values and times in seconds.
    static let probes: [Double] = [-1e300, -1, -0.0, 0, 1e-300, 1e-9, 0.25, 0.5, 0.75, 0.999999, 1, 1.5, 2, 60, 1e6, 1e300]

    /// A spec (`eval`, `convert`, `settle`, `interpolate`): a description of the first broken promise, or nil.
    public static func checkSpec(_ text: String) -> String? {
        if let motion = try? MotionSpec(parsing: text) {
            if let problem = checkMotion(motion) { return "\(SafeText.quoted(text)): \(problem)" }
        }
        if let list = try? TransformList(spec: text) {
            for entry in list.matrix.entries where !entry.isFinite {
                return "\(SafeText.quoted(text)): a parsed transform has a non-finite matrix entry"
            }
            _ = TransformList.interpolate(from: list, to: TransformList([]), at: 0.5)
        }
        return nil
    }

    private static func checkMotion(_ motion: MotionSpec) -> String? {
        switch motion {
        case .timingFunction(let function):
            for progress in probes where (0...1).contains(progress) {
                let (value, _) = motion.evaluate(at: progress)
                // linear() extrapolates past its stops' inputs, which can leave the range of a Double (eval then
                // refuses the input); NaN, or overflow anywhere else, is a wrong answer.
                var mayOverflow = false
                if case .linear = function { mayOverflow = true }
                if value.isNaN || (value.isInfinite && !mayOverflow) { return "value at progress \(progress) is \(value)" }
            }
            if motion.evaluate(at: 0).value != 0, case .cubicBezier = function { return "progress 0 does not map to 0" }
            if motion.evaluate(at: 1).value != 1, case .cubicBezier = function { return "progress 1 does not map to 1" }
        case .spring(let spring):
            for time in probes {
                let (value, velocity) = motion.evaluate(at: time)
                if !value.isFinite || !velocity.isFinite { return "state at t = \(time) is \(value), \(velocity)" }
            }
            let derived = [spring.dampingRatio, spring.response, spring.perceptualDuration, spring.bounce, spring.decayRate,
                           spring.naturalFrequency]
            if let bad = derived.first(where: { !$0.isFinite }) { return "a derived parameter is \(bad)" }
            if let time = try? spring.settlingTime(), !(time.isFinite && time >= 0) { return "settling time \(time)" }
            for definition in SettlingDefinition.allCases {
                if let time = definition.settlingTime(of: spring, distance: 100, frameRate: 120), !(time.isFinite && time >= 0) {
                    return "\(definition.rawValue) settling time \(time)"
                }
            }
        }
        return nil
    }

    /// A scenario file's text (`run --scenario FILE`): a description of the first broken promise, or nil. A valid
    /// scenario is instantiated with `layers` layers and run for three frames; every output and the scalar path's
    /// answers for the first layers must be finite.
    public static func checkScenario(_ text: String, layers: Int = 48) -> String? {
        guard let scenario = try? Scenario(json: text, source: "fuzz") else { return nil }
        let clock = FrameClock.fixed(rate: 120, frames: 3)
        let workload = Workload(scenario: scenario, count: layers, clock: clock)
        for index in 1...clock.frames {
            let frame = clock.frame(index)
            workload.store.evaluate(frame, layers: 0..<workload.count)
            for layer in 0..<min(workload.count, 8) {
                if let bad = workload.expectedOutputs(layer: layer, time: frame.time).first(where: { !$0.isFinite }) {
                    return "scenario '\(SafeText.quoted(scenario.name))': the scalar path gives \(bad) for layer \(layer)"
                }
            }
        }
        let checksum = workload.store.checksum()
        guard checksum.isFinite else { return "scenario '\(SafeText.quoted(scenario.name))': checksum \(checksum)" }
        return nil
    }
}
