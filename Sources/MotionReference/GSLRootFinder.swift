import CGSL

/// Root finding with GSL: Brent's method on a bracket, optionally polished by Steffenson's derivative method.
///
/// The function is given to GSL through a context pointer, so Swift closures can be used without captures leaking
/// into C.
public enum GSLRootFinder {
    /// What a root search found.
    public struct Root: Sendable {
        /// The root's location.
        public let location: Double
        /// Brent iterations used.
        public let iterations: Int
        /// Whether GSL's interval test was met (false: the iteration cap or a GSL error stopped it).
        public let converged: Bool
    }

    /// Brent iteration cap; a bracket of width 1 reaches 2^-1074 in far fewer iterations.
    public static let maximumIterations = 2_000

    private final class Context {
        let function: (Double) -> Double
        let derivative: ((Double) -> Double)?
        init(function: @escaping (Double) -> Double, derivative: ((Double) -> Double)?) {
            self.function = function
            self.derivative = derivative
        }
    }

    /// Finds a root of `function` in [lower, upper] (which must bracket a sign change) with `gsl_root_fsolver_brent`,
    /// stopping when GSL's interval test |hi − lo| < absoluteTolerance + relativeTolerance·min(|lo|, |hi|) holds or
    /// the bracket stops shrinking. When `derivative` is given, the result is polished with
    /// `gsl_root_fdfsolver_steffenson` and the polish is kept only if it lowers |function|.
    public static func brent(
        in lower: Double, _ upper: Double,
        absoluteTolerance: Double = 0x1p-1022, relativeTolerance: Double = 2 * Double.ulpOfOne,
        function: @escaping (Double) -> Double, derivative: ((Double) -> Double)? = nil
    ) -> Root {
        cgsl_disable_error_handler()
        let flow = function(lower), fhigh = function(upper)
        if flow == 0 { return Root(location: lower, iterations: 0, converged: true) }
        if fhigh == 0 { return Root(location: upper, iterations: 0, converged: true) }
        let context = Context(function: function, derivative: derivative)
        let opaque = Unmanaged.passRetained(context)
        defer { opaque.release() }
        // In the callbacks, params! cannot fail: GSL hands back the non-null `params` given here.
        var gslFunction = gsl_function(
            function: { x, params in
                Unmanaged<Context>.fromOpaque(params!).takeUnretainedValue().function(x)
            },
            params: opaque.toOpaque())
        guard let solver = gsl_root_fsolver_alloc(cgsl_root_fsolver_brent()) else {
            return Root(location: .nan, iterations: 0, converged: false)
        }
        defer { gsl_root_fsolver_free(solver) }
        guard gsl_root_fsolver_set(solver, &gslFunction, lower, upper) == GSL_SUCCESS else {
            return Root(location: .nan, iterations: 0, converged: false)
        }
        var iterations = 0
        var converged = false
        var previousWidth = Double.infinity
        while iterations < maximumIterations {
            iterations += 1
            if gsl_root_fsolver_iterate(solver) != GSL_SUCCESS { break }
            let lo = gsl_root_fsolver_x_lower(solver), hi = gsl_root_fsolver_x_upper(solver)
            if gsl_root_test_interval(lo, hi, absoluteTolerance, relativeTolerance) == GSL_SUCCESS {
                converged = true
                break
            }
            let width = hi - lo
            if function(gsl_root_fsolver_root(solver)) == 0 || width >= previousWidth && iterations > 200 {
                converged = true
                break
            }
            previousWidth = min(previousWidth, width)
        }
        var root = gsl_root_fsolver_root(solver)
        if let derivative, derivative(root) != 0 {
            root = polish(root, context: opaque.toOpaque(), function: function)
        }
        return Root(location: root, iterations: iterations, converged: converged)
    }

    /// A few Steffenson steps from `start`; returns whichever point has the smaller |function|.
    private static func polish(_ start: Double, context: UnsafeMutableRawPointer,
                               function: (Double) -> Double) -> Double {
        // params!, f! and df! cannot fail: GSL hands back the non-null `params` given here and its own result slots;
        // derivative! cannot fail: polish is called only when the context has a derivative.
        var fdf = gsl_function_fdf(
            f: { x, params in Unmanaged<Context>.fromOpaque(params!).takeUnretainedValue().function(x) },
            df: { x, params in Unmanaged<Context>.fromOpaque(params!).takeUnretainedValue().derivative!(x) },
            fdf: { x, params, f, df in
                let context = Unmanaged<Context>.fromOpaque(params!).takeUnretainedValue()
                f!.pointee = context.function(x)
                df!.pointee = context.derivative!(x)
            },
            params: context)
        guard let solver = gsl_root_fdfsolver_alloc(cgsl_root_fdfsolver_steffenson()) else { return start }
        defer { gsl_root_fdfsolver_free(solver) }
        guard gsl_root_fdfsolver_set(solver, &fdf, start) == GSL_SUCCESS else { return start }
        var best = start, bestResidual = abs(function(start))
        for _ in 0..<4 {
            if gsl_root_fdfsolver_iterate(solver) != GSL_SUCCESS { break }
            let candidate = gsl_root_fdfsolver_root(solver)
            guard candidate.isFinite else { break }
            let residual = abs(function(candidate))
            if residual < bestResidual {
                best = candidate
                bestResidual = residual
            }
        }
        return best
    }
}
