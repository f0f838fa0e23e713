/// The one function whose instructions the gate counts: every workload's measured loop runs inside it, so that
/// `valgrind --tool=callgrind --collect-atstart=no --toggle-collect=motionbench_measured_region` counts the loop and
/// everything it calls, and nothing else — not the process start-up, the argument parser, the workload's setup
/// (tables, inputs, scenario layers) or the JSON it prints. A change to the command line or to code no workload runs
/// moves no instruction count.
package enum MeasuredRegion {
    /// The C symbol name of the region (a contract with `InstructionCounter`).
    package static let symbol = "motionbench_measured_region"

    /// Runs `body` inside the measured region and returns what it returns.
    package static func run(_ body: () -> Double) -> Double {
        withoutActuallyEscaping(body) { escapable in
            var context = Context(body: escapable)
            return withUnsafeMutablePointer(to: &context) { motionbenchMeasuredRegion(UnsafeMutableRawPointer($0)) }
        }
    }

    /// What the region calls.
    struct Context {
        let body: () -> Double
    }
}

/// The measured region's entry: a plain symbol name, never inlined, so that callgrind can toggle collection on its
/// entry and exit. `context` points at a `MeasuredRegion.Context`. (`@_silgen_name` names the Swift function itself;
/// `@_cdecl` would only add a C thunk that Swift callers bypass.)
@_silgen_name("motionbench_measured_region")
@inline(never)
func motionbenchMeasuredRegion(_ context: UnsafeMutableRawPointer) -> Double {
    context.assumingMemoryBound(to: MeasuredRegion.Context.self).pointee.body()
}
