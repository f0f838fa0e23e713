import MotionCore
import MotionReports

/// A capture with the worst-case search: the grid in one page load, then one page load per refinement round with
/// each duration and spec's new inputs (`WorstCaseSearch`, ranking by the error at the requested input, so that a
/// browser's time rounding counts as the error a user sees).
package enum CaptureSearch {
    /// Every round's samples, the grid first. Each subject is one duration and spec; the rounds stop early when no
    /// subject has a new input.
    /// - Throws: `CaptureError` (or `ChildProcessError`) from any round's capture, naming the browser.
    package static func run(_ browser: CaptureBrowser, specs: [String], grid: [Double], durations: [Double],
                           budget: SearchBudget, executable: String?, timeout: Double,
                           progress: (String) -> Void = { _ in }) throws -> [CaptureSamples] {
        // Validates the specs, the grid and the durations before any browser starts.
        _ = try CapturePlan(specs: specs, inputs: grid, durations: durations)
        let parsed = try specs.map { spec throws(CaptureError) -> MotionSpec in
            do { return try MotionSpec(parsing: spec) } catch { throw CaptureError("capture: curve \(error)") }
        }
        let subjects = durations.flatMap { _ in parsed }
        var rounds: [CaptureSamples] = []
        _ = try WorstCaseSearch.run(specs: subjects, grid: grid, budget: budget) { round, inputs in
            let plan = try CapturePlan(specs: specs, durations: durations, inputs: inputs)
            let samples = try BrowserCapture.run(browser, plan: plan, executable: executable, timeout: timeout, round: round,
                                                 progress: progress)
            rounds.append(samples)
            // The outputs back in subject order (the plan skips subjects with no inputs).
            var outputs = inputs.map { _ in [Double]() }
            var row = 0
            for request in plan.requests {
                let subject = request.duration * specs.count + request.spec
                outputs[subject] = samples.outputs[row..<(row + request.inputs.count)].map { Double($0) ?? .nan }
                row += request.inputs.count
            }
            return outputs
        }
        return rounds
    }
}
