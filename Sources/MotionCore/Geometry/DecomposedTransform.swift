import RealModule

/// A 3-D transform split into perspective, translation, rotation (a unit quaternion), skew and scale, as CSS
/// Transforms 2 "unmatrix" does, so that two transforms can be interpolated component by component.
///
/// In row-vector form the matrix is Scale·Skew·Rotate·Translate·Perspective (CSS's column-vector
/// Perspective·Translate·Rotate·Skew·Scale, transposed), normalised so that m44 = 1. Components are SIMD values, so
/// decomposing, interpolating and recomposing never allocate.
public struct DecomposedTransform: Sendable, Hashable {
    /// Translation (x, y, z).
    public var translation: SIMD3<Double>
    /// Scale factors (x, y, z); all negated when the matrix flips handedness.
    public var scale: SIMD3<Double>
    /// Shear factors (xy, xz, yz).
    public var skew: SIMD3<Double>
    /// Perspective (x, y, z, w).
    public var perspective: SIMD4<Double>
    /// Rotation quaternion (x, y, z, w), w ≥ 0.
    public var quaternion: SIMD4<Double>

    /// Decomposes `matrix`; `nil` when it is singular (m44 = 0 or a singular upper 3×3).
    public init?(_ matrix: Transform3D) {
        let m44 = matrix[15]
        guard m44 != 0 else { return nil }
        var m = matrix
        for index in 0..<16 { m[index] /= m44 }
        var perspectiveMatrix = m
        (perspectiveMatrix[3], perspectiveMatrix[7], perspectiveMatrix[11], perspectiveMatrix[15]) = (0, 0, 0, 1)
        guard abs(perspectiveMatrix.determinant) > 1e-12 else { return nil }
        if m[3] != 0 || m[7] != 0 || m[11] != 0 {
            guard let inverse = perspectiveMatrix.inverted() else { return nil }
            let rightHandSide = SIMD4(m[3], m[7], m[11], m[15])
            // rightHandSide · transpose(inverse)
            var solved = SIMD4<Double>()
            for i in 0..<4 {
                solved[i] = (rightHandSide * SIMD4(inverse[i * 4], inverse[i * 4 + 1], inverse[i * 4 + 2], inverse[i * 4 + 3])).sum()
            }
            perspective = solved
        } else {
            perspective = SIMD4(0, 0, 0, 1)
        }
        translation = SIMD3(m[12], m[13], m[14])
        var row0 = SIMD3(m[0], m[1], m[2]), row1 = SIMD3(m[4], m[5], m[6]), row2 = SIMD3(m[8], m[9], m[10])
        func length(_ v: SIMD3<Double>) -> Double { (v * v).sum().squareRoot() }
        func dot(_ a: SIMD3<Double>, _ b: SIMD3<Double>) -> Double { (a * b).sum() }
        var scale = SIMD3<Double>(), skew = SIMD3<Double>()
        scale.x = length(row0)
        row0 /= scale.x
        skew.x = dot(row0, row1)
        row1 -= skew.x * row0
        scale.y = length(row1)
        row1 /= scale.y
        skew.x /= scale.y
        skew.y = dot(row0, row2)
        row2 -= skew.y * row0
        skew.z = dot(row1, row2)
        row2 -= skew.z * row1
        scale.z = length(row2)
        row2 /= scale.z
        skew.y /= scale.z
        skew.z /= scale.z
        let cross = SIMD3(row1.y * row2.z - row1.z * row2.y, row1.z * row2.x - row1.x * row2.z,
                          row1.x * row2.y - row1.y * row2.x)
        if dot(row0, cross) < 0 {
            scale = -scale
            (row0, row1, row2) = (-row0, -row1, -row2)
        }
        self.scale = scale
        self.skew = skew
        quaternion = Self.quaternion(row0, row1, row2)
    }

    /// The unit quaternion (x, y, z, w), w ≥ 0, of an orthonormal rotation given by its rows (row-vector form).
    ///
    /// CSS Transforms 2 takes each component as ½√(1 ± d0 ± d1 ± d2) and fixes signs from the off-diagonal entries;
    /// those square roots lose half the digits of a small component (1e-8 instead of 1e-16). This is Shepperd's
    /// method instead: the largest component from its square root, the others from off-diagonal sums and
    /// differences, which gives the same quaternion to full precision.
    static func quaternion(_ r0: SIMD3<Double>, _ r1: SIMD3<Double>, _ r2: SIMD3<Double>) -> SIMD4<Double> {
        let (d0, d1, d2) = (r0.x, r1.y, r2.z)
        let trace = d0 + d1 + d2
        var q: SIMD4<Double>
        if trace >= d0, trace >= d1, trace >= d2 {
            let w = 0.5 * (1 + trace).squareRoot(), f = 0.25 / w
            q = SIMD4((r1.z - r2.y) * f, (r2.x - r0.z) * f, (r0.y - r1.x) * f, w)
        } else if d0 >= d1, d0 >= d2 {
            let x = 0.5 * max(1 + d0 - d1 - d2, 0).squareRoot(), f = 0.25 / x
            q = SIMD4(x, (r0.y + r1.x) * f, (r0.z + r2.x) * f, (r1.z - r2.y) * f)
        } else if d1 >= d2 {
            let y = 0.5 * max(1 - d0 + d1 - d2, 0).squareRoot(), f = 0.25 / y
            q = SIMD4((r0.y + r1.x) * f, y, (r1.z + r2.y) * f, (r2.x - r0.z) * f)
        } else {
            let z = 0.5 * max(1 - d0 - d1 + d2, 0).squareRoot(), f = 0.25 / z
            q = SIMD4((r0.z + r2.x) * f, (r1.z + r2.y) * f, z, (r0.y - r1.x) * f)
        }
        return q.w < 0 ? -q : q
    }

    /// The matrix these components describe.
    public var recomposed: Transform3D {
        var perspectiveMatrix = Transform3D.identity
        (perspectiveMatrix[3], perspectiveMatrix[7], perspectiveMatrix[11], perspectiveMatrix[15]) =
            (perspective.x, perspective.y, perspective.z, perspective.w)
        let (x, y, z, w) = (quaternion.x, quaternion.y, quaternion.z, quaternion.w)
        // The rotation rows, in the same row-vector orientation the decomposition read them from.
        var rotation = Transform3D.identity
        rotation[0] = 1 - 2 * (y * y + z * z)
        rotation[1] = 2 * (x * y + z * w)
        rotation[2] = 2 * (x * z - y * w)
        rotation[4] = 2 * (x * y - z * w)
        rotation[5] = 1 - 2 * (x * x + z * z)
        rotation[6] = 2 * (y * z + x * w)
        rotation[8] = 2 * (x * z + y * w)
        rotation[9] = 2 * (y * z - x * w)
        rotation[10] = 1 - 2 * (x * x + y * y)
        var skewMatrix = Transform3D.identity
        (skewMatrix[4], skewMatrix[8], skewMatrix[9]) = (skew.x, skew.y, skew.z)
        return Transform3D.scale(scale.x, scale.y, scale.z).concatenating(skewMatrix).concatenating(rotation)
            .concatenating(.translation(translation.x, translation.y, translation.z)).concatenating(perspectiveMatrix)
    }

    /// Component-wise interpolation toward `other` at `progress`: linear for translation, scale, skew and
    /// perspective; spherical-linear for the quaternion without a shortest-arc flip, keeping `self`'s quaternion
    /// when the two are parallel (the CSS Transforms 2 rule).
    public func interpolated(to other: DecomposedTransform, at progress: Double) -> DecomposedTransform {
        var result = self
        result.translation += (other.translation - translation) * progress
        result.scale += (other.scale - scale) * progress
        result.skew += (other.skew - skew) * progress
        result.perspective += (other.perspective - perspective) * progress
        let product = min(max((quaternion * other.quaternion).sum(), -1), 1)
        if abs(product) < 1 {
            let theta = Double.acos(product)
            let w = Double.sin(progress * theta) / (1 - product * product).squareRoot()
            result.quaternion = quaternion * (Double.cos(progress * theta) - product * w) + other.quaternion * w
        }
        return result
    }
}
