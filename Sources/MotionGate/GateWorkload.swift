import Foundation
import MotionHarness
import MotionSupport
import MotionCore

/// The fixed, seeded, single-threaded workloads the CI gate measures (50–200 ms each in a release build). The names
/// are a contract.
public enum GateWorkload: String, Sendable, CaseIterable {
    /// The default Bézier solver over shuffled inputs on Apple's five presets (4,000,000 evaluations).
    case bezierPresets = "bezier-presets"
    /// The default solver on the hard curves (1,0,0,1), (0,1,1,0), (0.99,0,0.01,1), (0.001,0,0.999,1) (3,000,000).
    case bezierHard = "bezier-hard"
    /// Spring closed form in all three regimes at shuffled times (3,000,000 evaluations).
    case springClosedForm = "spring-closed-form"
    /// The exact propagator over 1,000,000 layers in struct-of-arrays form, 80 frames.
    case springPropagator1M = "spring-propagator-1m"
    /// The batch evaluator on the `mixed` scenario: 10,000 layers with their own parameters, 600 frames at 120 Hz.
    case frameMixed10k = "frame-mixed-10k"
    /// The batch evaluator on the `mixed` scenario: 100,000 layers, 60 frames at 120 Hz.
    case frameMixed100k = "frame-mixed-100k"
    /// The batch evaluator on the `card-flip` scenario (4×4 matrices): 100,000 layers, 60 frames at 120 Hz.
    case frameCardFlip100k = "frame-card-flip-100k"

    /// What one run produced: a checksum (so the work cannot be removed) and the CPU time of the measured part.
    public struct Run: Sendable {
        /// Sum of the outputs.
        public let checksum: Double
        /// Process CPU time of the measured loop, in seconds.
        public let cpuSeconds: Double
    }

    /// Parses a comma-separated list of names (nil: every workload; an empty name is an error).
    /// - Throws: a message naming an unknown workload and listing the known ones.
    public static func parseList(_ text: String?) throws -> [GateWorkload] {
        guard let text else { return allCases }
        var list: [GateWorkload] = []
        for name in text.split(separator: ",", omittingEmptySubsequences: false) {
            let trimmed = name.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty else {
                throw GateInputError(message: "--workloads '\(SafeText.quoted(text))' has an empty name; give one or more of "
                                     + allCases.map(\.rawValue).joined(separator: ", ") + " separated by commas")
            }
            guard let workload = GateWorkload(rawValue: trimmed) else {
                throw GateInputError(message: "--workloads: unknown workload '\(SafeText.quoted(trimmed))'; known: "
                                     + allCases.map(\.rawValue).joined(separator: ", "))
            }
            if !list.contains(workload) { list.append(workload) }
        }
        return list
    }

    /// Process CPU time in seconds (CLOCK_PROCESS_CPUTIME_ID).
    static func cpuTime() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) * 1e-9
    }

    /// Runs the workload's measured loop `repeats` times after one setup and reports the smallest CPU time: a fresh
    /// process's first passes run slow (warm-up) and interference only ever adds time, so the minimum is the steadiest
    /// in-process figure.
    public func run(repeats: Int) -> Run {
        var best = run()
        for _ in 1..<max(repeats, 1) {
            let next = run()
            if next.cpuSeconds < best.cpuSeconds { best = next }
        }
        return best
    }

    /// Runs the workload once (setup is not timed).
    public func run() -> Run {
        var generator = SplitMix64(seed: 0x6761_7465)
        switch self {
        case .bezierPresets, .bezierHard:
            let curves: [CubicBezier] = self == .bezierPresets ? CubicBezier.applePresets.map(\.curve) : [
                try! CubicBezier(x1: 1, y1: 0, x2: 0, y2: 1), try! CubicBezier(x1: 0, y1: 1, x2: 1, y2: 0),
                try! CubicBezier(x1: 0.99, y1: 0, x2: 0.01, y2: 1), try! CubicBezier(x1: 0.001, y1: 0, x2: 0.999, y2: 1),
            ]
            let inputs = (0..<4096).map { _ in Double.random(in: 0...1, using: &generator) }
            let perCurve = self == .bezierPresets ? 800_000 : 750_000
            return timed {
                var sum = 0.0
                for curve in curves {
                    for index in 0..<perCurve { sum += curve.value(at: inputs[index & 4095]) }
                }
                return sum
            }
        case .springClosedForm:
            let springs = [try! Spring(mass: 1, stiffness: 100, damping: 10, initialVelocity: 2),
                           try! Spring(mass: 1, stiffness: 100, damping: 20), try! Spring(mass: 1, stiffness: 100, damping: 40)]
            let times = (0..<4096).map { _ in Double.random(in: 0...2, using: &generator) }
            return timed {
                var sum = 0.0
                for spring in springs {
                    for index in 0..<1_000_000 { sum += spring.progress(at: times[index & 4095]) }
                }
                return sum
            }
        case .springPropagator1M:
            let propagator = try! SpringPropagator(spring: try! Spring(mass: 1, stiffness: 170, damping: 26), interval: 1.0 / 120)
            let displacements = UnsafeMutableBufferPointer<Double>.allocate(capacity: 1_000_000)
            let rates = UnsafeMutableBufferPointer<Double>.allocate(capacity: 1_000_000)
            defer {
                displacements.deallocate()
                rates.deallocate()
            }
            for index in 0..<1_000_000 {
                displacements[index] = Double.random(in: -1...1, using: &generator)
                rates[index] = Double.random(in: -5...5, using: &generator)
            }
            return timed {
                for _ in 0..<80 { propagator.advance(displacements: displacements, rates: rates) }
                return displacements.reduce(0, +) + rates.reduce(0, +)
            }
        case .frameMixed10k, .frameMixed100k, .frameCardFlip100k:
            let (name, layers, frames) = self == .frameMixed10k ? ("mixed", 10_000, 600)
                : (self == .frameMixed100k ? ("mixed", 100_000, 60) : ("card-flip", 100_000, 60))
            let clock = FrameClock.fixed(rate: 120, frames: frames)
            let store = Workload(scenario: try! Scenario.named(name), count: layers, clock: clock).store
            return timed {
                for index in 1...frames { store.evaluate(clock.frame(index), layers: 0..<store.count) }
                return store.checksum()
            }
        }
    }

    /// Runs `body` inside the measured region (the only code the instruction count includes) and times it.
    private func timed(_ body: () -> Double) -> Run {
        let start = Self.cpuTime()
        let checksum = MeasuredRegion.run(body)
        return Run(checksum: checksum, cpuSeconds: Self.cpuTime() - start)
    }
}

/// Bad gate input: an unknown workload, a missing or corrupt baseline, a base binary that does not run, valgrind
/// missing (exit code 2).
public struct GateInputError: MotionBenchError, CustomStringConvertible {
    /// What was wrong, with an install hint where one applies.
    public let message: String
    /// The message.
    public var description: String { message }
}
