import RealModule

/// A 4×4 transform in Core Animation's row-vector convention (`CATransform3D`): a point p maps to p·M, translation
/// sits in m41…m43, and perspective in m34 = −1/d (w' = 1 − z/d). CSS `matrix3d(a1, …, a16)` lists the same sixteen
/// numbers in the same order, m11, m12, …, m44.
public struct Transform3D: Sendable, Hashable, CustomStringConvertible {
    /// The sixteen entries, stored inline so that building and combining transforms never allocates.
    @usableFromInline var storage: InlineArray<16, Double>

    /// The entries in row-major order: m11, m12, m13, m14, m21, …, m44 (a copy; set replaces all 16).
    public var entries: [Double] {
        get { (0..<16).map { storage[$0] } }
        set {
            precondition(newValue.count == 16, "a Transform3D has 16 entries")
            for index in 0..<16 { storage[index] = newValue[index] }
        }
    }

    /// The matrix with `entries` in row-major order (m11…m44); `nil` unless there are 16 finite numbers.
    public init?(entries: [Double]) {
        guard entries.count == 16, entries.allSatisfy(\.isFinite) else { return nil }
        storage = InlineArray(repeating: 0)
        for index in 0..<16 { storage[index] = entries[index] }
    }

    @usableFromInline
    init(storage: InlineArray<16, Double>) {
        self.storage = storage
    }

    /// The identity.
    public static let identity: Transform3D = {
        var storage = InlineArray<16, Double>(repeating: 0)
        for index in [0, 5, 10, 15] { storage[index] = 1 }
        return Transform3D(storage: storage)
    }()

    /// Entry m(row, column), rows and columns numbered 1…4.
    @inlinable
    public subscript(row: Int, column: Int) -> Double {
        get { storage[(row - 1) * 4 + column - 1] }
        set { storage[(row - 1) * 4 + column - 1] = newValue }
    }

    /// Entry at row-major index 0…15.
    @inlinable
    public subscript(index: Int) -> Double {
        get { storage[index] }
        set { storage[index] = newValue }
    }

    /// Equal when all sixteen entries are.
    public static func == (lhs: Transform3D, rhs: Transform3D) -> Bool {
        (0..<16).allSatisfy { lhs.storage[$0] == rhs.storage[$0] }
    }

    /// Hashes the entries.
    public func hash(into hasher: inout Hasher) {
        for index in 0..<16 { hasher.combine(storage[index]) }
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
        var matrix = identity
        matrix[0] = 1 - 2 * (uy * uy + uz * uz) * sq
        matrix[1] = 2 * (ux * uy * sq + uz * sc)
        matrix[2] = 2 * (ux * uz * sq - uy * sc)
        matrix[4] = 2 * (ux * uy * sq - uz * sc)
        matrix[5] = 1 - 2 * (ux * ux + uz * uz) * sq
        matrix[6] = 2 * (uy * uz * sq + ux * sc)
        matrix[8] = 2 * (ux * uz * sq + uy * sc)
        matrix[9] = 2 * (uy * uz * sq - ux * sc)
        matrix[10] = 1 - 2 * (ux * ux + uy * uy) * sq
        return matrix
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

    /// Row `index` (0…3) as a SIMD vector.
    @inlinable
    func row(_ index: Int) -> SIMD4<Double> {
        SIMD4(storage[index * 4], storage[index * 4 + 1], storage[index * 4 + 2], storage[index * 4 + 3])
    }

    /// This transform followed by `other` (`CATransform3DConcat(self, other)`): p·self·other. Each result row is a
    /// combination of `other`'s rows, written as four SIMD multiply-adds.
    public func concatenating(_ other: Transform3D) -> Transform3D {
        let (b0, b1, b2, b3) = (other.row(0), other.row(1), other.row(2), other.row(3))
        var result = self
        for i in 0..<4 {
            let row = storage[i * 4] * b0 + storage[i * 4 + 1] * b1 + storage[i * 4 + 2] * b2 + storage[i * 4 + 3] * b3
            result.storage[i * 4] = row.x
            result.storage[i * 4 + 1] = row.y
            result.storage[i * 4 + 2] = row.z
            result.storage[i * 4 + 3] = row.w
        }
        return result
    }

    /// The determinant (cofactor expansion along the first row, 2×2 minors of the lower rows).
    public var determinant: Double {
        let m = self
        let s0 = m[0] * m[5] - m[4] * m[1], s1 = m[0] * m[6] - m[4] * m[2], s2 = m[0] * m[7] - m[4] * m[3]
        let s3 = m[1] * m[6] - m[5] * m[2], s4 = m[1] * m[7] - m[5] * m[3], s5 = m[2] * m[7] - m[6] * m[3]
        let c5 = m[10] * m[15] - m[14] * m[11], c4 = m[9] * m[15] - m[13] * m[11], c3 = m[9] * m[14] - m[13] * m[10]
        let c2 = m[8] * m[15] - m[12] * m[11], c1 = m[8] * m[14] - m[12] * m[10], c0 = m[8] * m[13] - m[12] * m[9]
        return s0 * c5 - s1 * c4 + s2 * c3 + s3 * c2 - s4 * c1 + s5 * c0
    }

    /// The inverse by Gauss–Jordan elimination with partial pivoting; `nil` when singular.
    public func inverted() -> Transform3D? {
        var a = self, inverse = Transform3D.identity
        let scale = Swift.max(abs(a[0]), abs(a[5]), abs(a[10]), abs(a[15]), 1)
        for column in 0..<4 {
            var pivot = column
            for row in (column + 1)..<4 where abs(a[row * 4 + column]) > abs(a[pivot * 4 + column]) { pivot = row }
            guard abs(a[pivot * 4 + column]) > 1e-14 * scale else { return nil }
            if pivot != column {
                for k in 0..<4 {
                    a.storage.swapAt(pivot * 4 + k, column * 4 + k)
                    inverse.storage.swapAt(pivot * 4 + k, column * 4 + k)
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
        return inverse
    }

    /// Whether this is a 2-D affine transform (only m11, m12, m21, m22, m41, m42 differ from the identity).
    public var is2D: Bool {
        storage[2] == 0 && storage[3] == 0 && storage[6] == 0 && storage[7] == 0 && storage[8] == 0
            && storage[9] == 0 && storage[11] == 0 && storage[14] == 0 && storage[10] == 1 && storage[15] == 1
    }

    /// The point (x, y, z) after the transform, divided by w.
    public func apply(x: Double, y: Double, z: Double = 0) -> (x: Double, y: Double, z: Double) {
        let column = { (c: Int) in x * self[c] + y * self[4 + c] + z * self[8 + c] + self[12 + c] }
        let w = column(3)
        return (column(0) / w, column(1) / w, column(2) / w)
    }

    /// `matrix3d(m11, …, m44)` with CSS number formatting.
    public var description: String { "matrix3d(\(entries.map(formatSpecNumber).joined(separator: ", ")))" }
}
