import RealModule

/// A 3-D transform split into perspective, translation, rotation (a unit quaternion), skew and scale, as CSS
/// Transforms 2 "unmatrix" does, so that two transforms can be interpolated component by component.
///
/// In row-vector form the matrix is Scale·Skew·Rotate·Translate·Perspective (CSS's column-vector
/// Perspective·Translate·Rotate·Skew·Scale, transposed).
public struct DecomposedTransform: Sendable, Hashable {
    /// Translation (x, y, z).
    public var translation: [Double]
    /// Scale factors (x, y, z); one is negated when the matrix flips handedness.
    public var scale: [Double]
    /// Shear factors (xy, xz, yz).
    public var skew: [Double]
    /// Perspective (x, y, z, w).
    public var perspective: [Double]
    /// Rotation quaternion (x, y, z, w).
    public var quaternion: [Double]

    /// Decomposes `matrix`; `nil` when it is singular (m44 = 0 or a singular upper 3×3).
    public init?(_ matrix: Transform3D) {
        var m = matrix.entries
        let m44 = m[15]
        guard m44 != 0 else { return nil }
        for index in 0..<16 { m[index] /= m44 }
        var perspectiveMatrix = m
        (perspectiveMatrix[3], perspectiveMatrix[7], perspectiveMatrix[11], perspectiveMatrix[15]) = (0, 0, 0, 1)
        let perspectiveTransform = Transform3D(entries: perspectiveMatrix)!
        guard abs(perspectiveTransform.determinant) > 1e-12 else { return nil }
        if m[3] != 0 || m[7] != 0 || m[11] != 0 {
            guard let inverse = perspectiveTransform.inverted() else { return nil }
            let rightHandSide = [m[3], m[7], m[11], m[15]]
            // rightHandSide · transpose(inverse)
            var solved = [Double](repeating: 0, count: 4)
            for i in 0..<4 {
                for j in 0..<4 { solved[i] += rightHandSide[j] * inverse.entries[i * 4 + j] }
            }
            perspective = solved
        } else {
            perspective = [0, 0, 0, 1]
        }
        translation = [m[12], m[13], m[14]]
        var rows: [[Double]] = [Array(m[0..<3]), Array(m[4..<7]), Array(m[8..<11])]
        func length(_ v: [Double]) -> Double { (v[0] * v[0] + v[1] * v[1] + v[2] * v[2]).squareRoot() }
        func dot(_ a: [Double], _ b: [Double]) -> Double { a[0] * b[0] + a[1] * b[1] + a[2] * b[2] }
        func combine(_ a: [Double], _ b: [Double], _ sa: Double, _ sb: Double) -> [Double] {
            [sa * a[0] + sb * b[0], sa * a[1] + sb * b[1], sa * a[2] + sb * b[2]]
        }
        var scale = [0.0, 0, 0], skew = [0.0, 0, 0]
        scale[0] = length(rows[0])
        rows[0] = combine(rows[0], rows[0], 1 / scale[0], 0)
        skew[0] = dot(rows[0], rows[1])
        rows[1] = combine(rows[1], rows[0], 1, -skew[0])
        scale[1] = length(rows[1])
        rows[1] = combine(rows[1], rows[1], 1 / scale[1], 0)
        skew[0] /= scale[1]
        skew[1] = dot(rows[0], rows[2])
        rows[2] = combine(rows[2], rows[0], 1, -skew[1])
        skew[2] = dot(rows[1], rows[2])
        rows[2] = combine(rows[2], rows[1], 1, -skew[2])
        scale[2] = length(rows[2])
        rows[2] = combine(rows[2], rows[2], 1 / scale[2], 0)
        skew[1] /= scale[2]
        skew[2] /= scale[2]
        let (r1, r2) = (rows[1], rows[2])
        let cx: Double = r1[1] * r2[2] - r1[2] * r2[1]
        let cy: Double = r1[2] * r2[0] - r1[0] * r2[2]
        let cz: Double = r1[0] * r2[1] - r1[1] * r2[0]
        let cross = [cx, cy, cz]
        if dot(rows[0], cross) < 0 {
            for i in 0..<3 {
                scale[i] = -scale[i]
                rows[i] = combine(rows[i], rows[i], -1, 0)
            }
        }
        quaternion = Self.quaternion(rows: rows)
        self.scale = scale
        self.skew = skew
    }

    /// The unit quaternion (x, y, z, w), w ≥ 0, of an orthonormal rotation given by its rows (row-vector form).
    ///
    /// CSS Transforms 2 takes each component as ½√(1 ± d0 ± d1 ± d2) and fixes signs from the off-diagonal entries;
    /// those square roots lose half the digits of a small component (1e-8 instead of 1e-16). This is Shepperd's
    /// method instead: the largest component from its square root, the others from off-diagonal sums and
    /// differences, which gives the same quaternion to full precision.
    static func quaternion(rows r: [[Double]]) -> [Double] {
        let (d0, d1, d2) = (r[0][0], r[1][1], r[2][2])
        let trace = d0 + d1 + d2
        var q: [Double]
        if trace >= d0, trace >= d1, trace >= d2 {
            let w = 0.5 * (1 + trace).squareRoot(), f = 0.25 / w
            q = [(r[1][2] - r[2][1]) * f, (r[2][0] - r[0][2]) * f, (r[0][1] - r[1][0]) * f, w]
        } else if d0 >= d1, d0 >= d2 {
            let x = 0.5 * max(1 + d0 - d1 - d2, 0).squareRoot(), f = 0.25 / x
            q = [x, (r[0][1] + r[1][0]) * f, (r[0][2] + r[2][0]) * f, (r[1][2] - r[2][1]) * f]
        } else if d1 >= d2 {
            let y = 0.5 * max(1 - d0 + d1 - d2, 0).squareRoot(), f = 0.25 / y
            q = [(r[0][1] + r[1][0]) * f, y, (r[1][2] + r[2][1]) * f, (r[2][0] - r[0][2]) * f]
        } else {
            let z = 0.5 * max(1 - d0 - d1 + d2, 0).squareRoot(), f = 0.25 / z
            q = [(r[0][2] + r[2][0]) * f, (r[1][2] + r[2][1]) * f, z, (r[0][1] - r[1][0]) * f]
        }
        if q[3] < 0 { q = q.map { -$0 } }
        return q
    }

    /// The matrix these components describe.
    public var recomposed: Transform3D {
        var perspectiveMatrix = Transform3D.identity
        (perspectiveMatrix[1, 4], perspectiveMatrix[2, 4], perspectiveMatrix[3, 4], perspectiveMatrix[4, 4]) =
            (perspective[0], perspective[1], perspective[2], perspective[3])
        let (x, y, z, w) = (quaternion[0], quaternion[1], quaternion[2], quaternion[3])
        // The rotation part of the rows, in the same row-vector orientation the decomposition read it from.
        let rotation = Transform3D(entries: [
            1 - 2 * (y * y + z * z), 2 * (x * y + z * w), 2 * (x * z - y * w), 0,
            2 * (x * y - z * w), 1 - 2 * (x * x + z * z), 2 * (y * z + x * w), 0,
            2 * (x * z + y * w), 2 * (y * z - x * w), 1 - 2 * (x * x + y * y), 0,
            0, 0, 0, 1,
        ])!
        var skewMatrix = Transform3D.identity
        (skewMatrix[2, 1], skewMatrix[3, 1], skewMatrix[3, 2]) = (skew[0], skew[1], skew[2])
        let scaleMatrix = Transform3D.scale(scale[0], scale[1], scale[2])
        let translationMatrix = Transform3D.translation(translation[0], translation[1], translation[2])
        return scaleMatrix.concatenating(skewMatrix).concatenating(rotation).concatenating(translationMatrix)
            .concatenating(perspectiveMatrix)
    }

    /// Component-wise interpolation toward `other` at `progress`: linear for translation, scale, skew and
    /// perspective; spherical-linear for the quaternion without a shortest-arc flip, returning `self`'s quaternion
    /// when the two are parallel (the CSS Transforms 2 rule).
    public func interpolated(to other: DecomposedTransform, at progress: Double) -> DecomposedTransform {
        func lerp(_ a: [Double], _ b: [Double]) -> [Double] { zip(a, b).map { $0 + ($1 - $0) * progress } }
        var result = self
        result.translation = lerp(translation, other.translation)
        result.scale = lerp(scale, other.scale)
        result.skew = lerp(skew, other.skew)
        result.perspective = lerp(perspective, other.perspective)
        let product = min(max(zip(quaternion, other.quaternion).reduce(0) { $0 + $1.0 * $1.1 }, -1), 1)
        if abs(product) < 1 {
            let theta = Double.acos(product)
            let w = Double.sin(progress * theta) / (1 - product * product).squareRoot()
            let a = Double.cos(progress * theta) - product * w
            result.quaternion = zip(quaternion, other.quaternion).map { $0 * a + $1 * w }
        }
        return result
    }
}
