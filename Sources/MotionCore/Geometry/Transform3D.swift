import RealModule

/// A 4×4 transform in Core Animation's row-vector convention (`CATransform3D`): a point p maps to p·M, translation
/// sits in m41…m43, and perspective in m34 = −1/d (w' = 1 − z/d). CSS `matrix3d(a1, …, a16)` lists the same sixteen
/// numbers in the same order, m11, m12, …, m44.
public struct Transform3D: Sendable, Hashable, CustomStringConvertible {
    /// The entries in row-major order: m11, m12, m13, m14, m21, …, m44.
    public var entries: [Double]

    /// The matrix with `entries` in row-major order (m11…m44); `nil` unless there are 16 finite numbers.
    public init?(entries: [Double]) {
        guard entries.count == 16, entries.allSatisfy(\.isFinite) else { return nil }
        self.entries = entries
    }

    private init(unchecked entries: [Double]) {
        self.entries = entries
    }

    /// The identity.
    public static let identity = Transform3D(unchecked: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1])

    /// Entry m(row, column), rows and columns numbered 1…4.
    public subscript(row: Int, column: Int) -> Double {
        get { entries[(row - 1) * 4 + column - 1] }
        set { entries[(row - 1) * 4 + column - 1] = newValue }
    }

    /// Translation by (x, y, z) in points.
    public static func translation(_ x: Double, _ y: Double, _ z: Double = 0) -> Transform3D {
        var matrix = identity
        (matrix[4, 1], matrix[4, 2], matrix[4, 3]) = (x, y, z)
        return matrix
    }

    /// Scale by (x, y, z).
    public static func scale(_ x: Double, _ y: Double, _ z: Double = 1) -> Transform3D {
        var matrix = identity
        (matrix[1, 1], matrix[2, 2], matrix[3, 3]) = (x, y, z)
        return matrix
    }

    /// Rotation by `angle` radians about the axis (x, y, z) (normalised; the identity for a zero axis), as CSS
    /// `rotate3d()` and `CATransform3DMakeRotation` define it; about z it turns +x toward +y.
    public static func rotation(_ angle: Double, x: Double, y: Double, z: Double) -> Transform3D {
        let length = (x * x + y * y + z * z).squareRoot()
        guard length > 0, length.isFinite else { return identity }
        let (ux, uy, uz) = (x / length, y / length, z / length)
        let half = angle / 2
        let sc = Double.sin(half) * Double.cos(half), sq = Double.sin(half) * Double.sin(half)
        return Transform3D(unchecked: [
            1 - 2 * (uy * uy + uz * uz) * sq, 2 * (ux * uy * sq + uz * sc), 2 * (ux * uz * sq - uy * sc), 0,
            2 * (ux * uy * sq - uz * sc), 1 - 2 * (ux * ux + uz * uz) * sq, 2 * (uy * uz * sq + ux * sc), 0,
            2 * (ux * uz * sq + uy * sc), 2 * (uy * uz * sq - ux * sc), 1 - 2 * (ux * ux + uy * uy) * sq, 0,
            0, 0, 0, 1,
        ])
    }

    /// Perspective with the viewer at distance `distance` points: m34 = −1/distance (the identity for distance ≤ 0
    /// or infinite, as CSS treats them).
    public static func perspective(_ distance: Double) -> Transform3D {
        var matrix = identity
        if distance > 0, distance.isFinite { matrix[3, 4] = -1 / distance }
        return matrix
    }

    /// Skew by angles (radians) along x and y: CSS `skew(ax, ay)`.
    public static func skew(_ x: Double, _ y: Double) -> Transform3D {
        var matrix = identity
        matrix[2, 1] = Double.tan(x)
        matrix[1, 2] = Double.tan(y)
        return matrix
    }

    /// This transform followed by `other` (`CATransform3DConcat(self, other)`): p·self·other.
    public func concatenating(_ other: Transform3D) -> Transform3D {
        var result = [Double](repeating: 0, count: 16)
        for row in 0..<4 {
            for column in 0..<4 {
                var sum = 0.0
                for k in 0..<4 { sum += entries[row * 4 + k] * other.entries[k * 4 + column] }
                result[row * 4 + column] = sum
            }
        }
        return Transform3D(unchecked: result)
    }

    /// The determinant.
    public var determinant: Double {
        func minor(_ rows: [Int], _ columns: [Int]) -> Double {
            if rows.count == 1 { return entries[rows[0] * 4 + columns[0]] }
            var sum = 0.0
            for (index, column) in columns.enumerated() {
                let sign: Double = index % 2 == 0 ? 1 : -1
                var rest = columns
                rest.remove(at: index)
                sum += sign * entries[rows[0] * 4 + column] * minor(Array(rows.dropFirst()), rest)
            }
            return sum
        }
        return minor([0, 1, 2, 3], [0, 1, 2, 3])
    }

    /// The inverse by Gauss–Jordan elimination with partial pivoting; `nil` when singular.
    public func inverted() -> Transform3D? {
        var a = entries, inverse = Transform3D.identity.entries
        for column in 0..<4 {
            let pivot = (column..<4).max { abs(a[$0 * 4 + column]) < abs(a[$1 * 4 + column]) }!
            let scale = Swift.max(abs(a[0]), abs(a[5]), abs(a[10]), abs(a[15]), 1)
            guard abs(a[pivot * 4 + column]) > 1e-14 * scale else { return nil }
            if pivot != column {
                for k in 0..<4 {
                    a.swapAt(pivot * 4 + k, column * 4 + k)
                    inverse.swapAt(pivot * 4 + k, column * 4 + k)
                }
            }
            let divisor = a[column * 4 + column]
            for k in 0..<4 {
                a[column * 4 + k] /= divisor
                inverse[column * 4 + k] /= divisor
            }
            for row in 0..<4 where row != column {
                let factor = a[row * 4 + column]
                guard factor != 0 else { continue }
                for k in 0..<4 {
                    a[row * 4 + k] -= factor * a[column * 4 + k]
                    inverse[row * 4 + k] -= factor * inverse[column * 4 + k]
                }
            }
        }
        return Transform3D(unchecked: inverse)
    }

    /// Whether this is a 2-D affine transform (only m11, m12, m21, m22, m41, m42 differ from the identity).
    public var is2D: Bool {
        [3, 4, 7, 8, 9, 10, 12, 14].allSatisfy { entries[$0 - 1] == 0 } && entries[10] == 1 && entries[15] == 1
    }

    /// The point (x, y, z) after the transform, divided by w.
    public func apply(x: Double, y: Double, z: Double = 0) -> (x: Double, y: Double, z: Double) {
        let column = { (c: Int) in x * self.entries[c] + y * self.entries[4 + c] + z * self.entries[8 + c] + self.entries[12 + c] }
        let w = column(3)
        return (column(0) / w, column(1) / w, column(2) / w)
    }

    /// `matrix3d(m11, …, m44)` with CSS number formatting.
    public var description: String { "matrix3d(\(entries.map(formatSpecNumber).joined(separator: ", ")))" }
}
