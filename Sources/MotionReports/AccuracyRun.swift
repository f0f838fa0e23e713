import Foundation
import MotionCore
import MotionEngine
import MotionHarness

/// `motionbench accuracy` from a resolved plan to its report: the in-repo strategies (`AccuracyStudy`), then each
/// engine's easing searched in its child processes (`EngineEasingSearch`), then every measured and engine sample held
/// to the exact answers (`MeasuredStudy`).
package enum AccuracyRun {
    /// The accuracy report of `plan`. Engines are searched in the plan's order; two engines with one name (two builds of
    /// one library, say) are told apart by path (`NAME (engine, PATH)`). Each curve an engine rejects is passed to
    /// `warn` as one line (`accuracy: --engine PATH: NAME does not support SPEC: MESSAGE`, no newline) and listed in
    /// the report's measured part. `progress` gets the status of each stage.
    /// - Throws: `ReferenceFailure` when a GSL spring reference fails; `EngineError`
    ///   (`accuracy: --engine PATH: FAILED: …`) when an engine crashes, hangs, fails a frame or answers out of shape.
    package static func run(_ plan: consuming AccuracyPlan, progress: (String) -> Void = { _ in },
                            warn: (String) -> Void = { _ in }) throws -> AccuracyReport {
        var report = try AccuracyStudy.run(curves: plan.curves, samples: plan.samples, springs: plan.springs,
                                           rate: plan.rate, seconds: plan.seconds, search: plan.search, progress: progress)
        if !plan.engines.isEmpty, !plan.engineFunctions.isEmpty {
            progress("motionbench on \(plan.engineFunctions.count) steps() and linear() functions")
            report.steppedFunctions = SteppedFunctionStudy.run(plan.engineFunctions, samples: plan.samples, budget: plan.search)
        }
        var measured = MeasuredSampleSet()
        swap(&measured, &plan.measured)  // moved, not copied: a samples file may hold millions of points
        var unsupported: [(implementation: String, spec: String, reason: String)] = []
        var implementations = Set<String>()
        for request in plan.engines {
            var result: EngineEasingSearch.Result
            do {
                let functions = plan.curves.map { ($0.name, TimingFunction.cubicBezier($0.curve)) } + plan.engineFunctions
                result = try EngineEasingSearch.run(request, functions: functions, grid: WorstCaseSearch.evenGrid(plan.samples),
                                                    budget: plan.search, progress: progress)
            } catch {
                throw EngineError("accuracy: --engine \(request.path): FAILED: \(error)")
            }
            if !implementations.insert(result.implementation).inserted {
                result.rename(to: result.implementation.replacingOccurrences(of: " (engine)", with: " (engine, \(request.path))"))
                implementations.insert(result.implementation)
            }
            for rejected in result.unsupported {
                warn("accuracy: --engine \(request.path): \(result.implementation) does not support \(rejected.spec): "
                     + rejected.message)
                unsupported.append((result.implementation, rejected.spec, rejected.message))
            }
            report.implementationTimings[result.implementation] = result.nsPerEval
            for sample in EngineEasingSearch.measuredSamples(result.samples, file: request.path) {
                measured.append(sample)
            }
        }
        if !measured.isEmpty || !unsupported.isEmpty {
            let files = plan.measuredFiles + plan.engines.map(\.path)
            progress("measured: \(measured.count) samples from \(files.count) file(s) and engine(s) against the exact answers")
            report.measured = MeasuredStudy.run(consume measured, files: files)
            report.measured?.unsupported = unsupported
        }
        return report
    }
}
