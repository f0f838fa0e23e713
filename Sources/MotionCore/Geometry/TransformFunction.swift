import RealModule

/// One CSS transform function, kept with its parameters so that matching lists interpolate function by function
/// (so that a full turn, `rotate(0deg)` → `rotate(360deg)`, really turns). Lengths are in points, angles in radians.
public enum TransformFunction: Sendable, Hashable, CustomStringConvertible {
    /// `translate`, `translateX/Y/Z`, `translate3d`.
    case translate(x: Double, y: Double, z: Double)
    /// `scale`, `scaleX/Y/Z`, `scale3d`.
    case scale(x: Double, y: Double, z: Double)
    /// `rotate`, `rotateX/Y/Z`, `rotate3d`: an angle about an axis.
    case rotate(angle: Double, x: Double, y: Double, z: Double)
    /// `skew`, `skewX`, `skewY`: angles.
    case skew(x: Double, y: Double)
    /// `perspective(d)`.
    case perspective(distance: Double)
    /// `matrix(a, b, c, d, e, f)` and `matrix3d(...)`.
    case matrix(Transform3D)

    /// The function's matrix (row-vector convention).
    public var matrix: Transform3D {
        switch self {
        case .translate(let x, let y, let z): .translation(x, y, z)
        case .scale(let x, let y, let z): .scale(x, y, z)
        case .rotate(let angle, let x, let y, let z): .rotation(angle, x: x, y: y, z: z)
        case .skew(let x, let y): .skew(x, y)
        case .perspective(let distance): .perspective(distance)
        case .matrix(let matrix): matrix
        }
    }

    /// The same kind of function at its identity value (used when the other list is `none`).
    public var identity: TransformFunction {
        switch self {
        case .translate: .translate(x: 0, y: 0, z: 0)
        case .scale: .scale(x: 1, y: 1, z: 1)
        case .rotate(_, let x, let y, let z): .rotate(angle: 0, x: x, y: y, z: z)
        case .skew: .skew(x: 0, y: 0)
        case .perspective: .perspective(distance: .infinity)
        case .matrix: .matrix(.identity)
        }
    }

    /// Interpolates parameters with a function of the same kind (rotations need the same axis); `nil` otherwise.
    public func interpolated(to other: TransformFunction, at p: Double) -> TransformFunction? {
        func lerp(_ a: Double, _ b: Double) -> Double { MotionCore.lerp(a, b, p) }
        switch (self, other) {
        case let (.translate(x1, y1, z1), .translate(x2, y2, z2)):
            return .translate(x: lerp(x1, x2), y: lerp(y1, y2), z: lerp(z1, z2))
        case let (.scale(x1, y1, z1), .scale(x2, y2, z2)):
            return .scale(x: lerp(x1, x2), y: lerp(y1, y2), z: lerp(z1, z2))
        case let (.rotate(a1, x1, y1, z1), .rotate(a2, x2, y2, z2)):
            let n1 = (x1 * x1 + y1 * y1 + z1 * z1).squareRoot(), n2 = (x2 * x2 + y2 * y2 + z2 * z2).squareRoot()
            guard n1 > 0, n2 > 0, abs(x1 / n1 - x2 / n2) < 1e-12, abs(y1 / n1 - y2 / n2) < 1e-12,
                  abs(z1 / n1 - z2 / n2) < 1e-12 else { return nil }
            return .rotate(angle: lerp(a1, a2), x: x1, y: y1, z: z1)
        case let (.skew(x1, y1), .skew(x2, y2)):
            return .skew(x: lerp(x1, x2), y: lerp(y1, y2))
        case let (.perspective(d1), .perspective(d2)):
            // Interpolate −1/d (the matrix entry), so that `none` (d = ∞) blends smoothly.
            let (i1, i2) = (d1.isFinite ? 1 / d1 : 0, d2.isFinite ? 1 / d2 : 0)
            let inverse = lerp(i1, i2)
            return .perspective(distance: inverse > 0 ? 1 / inverse : .infinity)
        case let (.matrix(m1), .matrix(m2)):
            return .matrix(Transform3D.interpolate(from: m1, to: m2, at: p))
        default:
            return nil
        }
    }

    /// CSS text: `translate3d(…px, …)`, `rotate3d(x, y, z, …deg)`, ….
    public var description: String {
        func length(_ value: Double) -> String { "\(formatSpecNumber(value))px" }
        func angle(_ value: Double) -> String { "\(formatSpecNumber(value * 180 / Double.pi))deg" }
        switch self {
        case .translate(let x, let y, let z): return "translate3d(\(length(x)), \(length(y)), \(length(z)))"
        case .scale(let x, let y, let z): return "scale3d(\([x, y, z].map(formatSpecNumber).joined(separator: ", ")))"
        case .rotate(let a, let x, let y, let z):
            return "rotate3d(\([x, y, z].map(formatSpecNumber).joined(separator: ", ")), \(angle(a)))"
        case .skew(let x, let y): return "skew(\(angle(x)), \(angle(y)))"
        case .perspective(let d): return d.isFinite ? "perspective(\(length(d)))" : "perspective(none)"
        case .matrix(let m): return m.description
        }
    }
}

/// A CSS transform list (`none` is the empty list).
public struct TransformList: Sendable, Hashable, CustomStringConvertible {
    /// The functions in CSS order (the last one applies to the element first).
    public var functions: [TransformFunction]

    /// A list of `functions`.
    public init(_ functions: [TransformFunction]) {
        self.functions = functions
    }

    /// The composed matrix in row-vector form: the functions' matrices from last to first.
    public var matrix: Transform3D {
        functions.reversed().reduce(Transform3D.identity) { $0.concatenating($1.matrix) }
    }

    /// Interpolates two lists: function by function when they match (same length and kinds, `none` counting as the
    /// identity list of the other's kinds), otherwise as whole matrices.
    public static func interpolate(from: TransformList, to: TransformList, at progress: Double) -> Transform3D {
        var (a, b) = (from.functions, to.functions)
        if a.isEmpty { a = b.map(\.identity) }
        if b.isEmpty { b = a.map(\.identity) }
        if a.count == b.count {
            var functions: [TransformFunction] = []
            for (fa, fb) in zip(a, b) {
                guard let function = fa.interpolated(to: fb, at: progress) else {
                    return Transform3D.interpolate(from: from.matrix, to: to.matrix, at: progress)
                }
                functions.append(function)
            }
            return TransformList(functions).matrix
        }
        return Transform3D.interpolate(from: from.matrix, to: to.matrix, at: progress)
    }

    /// `none` or the functions separated by spaces.
    public var description: String {
        functions.isEmpty ? "none" : functions.map(\.description).joined(separator: " ")
    }
}
