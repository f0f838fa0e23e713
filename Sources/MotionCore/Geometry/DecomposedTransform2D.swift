import RealModule

/// A 2-D affine transform split as Translate·Rotate(θ)·SkewX(k)·Scale(sx, sy) (column-vector order, k the shear
/// factor), the 2-D path CSS uses to interpolate `matrix()` values.
public struct DecomposedTransform2D: Sendable, Hashable {
    /// Translation (e, f).
    public var translation: (x: Double, y: Double)
    /// Rotation in radians.
    public var angle: Double
    /// Shear factor k of SkewX.
    public var shear: Double
    /// Scale factors; sy is negative when the matrix flips handedness.
    public var scale: (x: Double, y: Double)

    /// Decomposes the 2-D part of `matrix` (m11 = a, m12 = b, m21 = c, m22 = d, m41 = e, m42 = f); `nil` when it is
    /// singular.
    public init?(_ matrix: Transform3D) {
        let (a, b, c, d) = (matrix[1, 1], matrix[1, 2], matrix[2, 1], matrix[2, 2])
        let sx = (a * a + b * b).squareRoot()
        guard sx > 0, a * d - b * c != 0 else { return nil }
        let angle = Double.atan2(y: b, x: a)
        let (cosine, sine) = (a / sx, b / sx)
        // R(−θ)·L = [[sx, k·sy], [0, sy]] with L = [[a, c], [b, d]].
        let sy = -sine * c + cosine * d
        translation = (matrix[4, 1], matrix[4, 2])
        self.angle = angle
        shear = (cosine * c + sine * d) / sy
        scale = (sx, sy)
    }

    /// The matrix these components describe.
    public var recomposed: Transform3D {
        let (cosine, sine) = (Double.cos(angle), Double.sin(angle))
        // L = R(θ)·K(k)·S: columns (sx·cos, sx·sin) and (k·sy·cos − sy·sin, k·sy·sin + sy·cos).
        var matrix = Transform3D.identity
        matrix[1, 1] = scale.x * cosine
        matrix[1, 2] = scale.x * sine
        matrix[2, 1] = shear * scale.y * cosine - scale.y * sine
        matrix[2, 2] = shear * scale.y * sine + scale.y * cosine
        matrix[4, 1] = translation.x
        matrix[4, 2] = translation.y
        return matrix
    }

    /// Linear interpolation of every component toward `other`, turning the short way (the angles are brought within
    /// π of each other first, as CSS Transforms 1 does).
    public func interpolated(to other: DecomposedTransform2D, at progress: Double) -> DecomposedTransform2D {
        var (from, to) = (self, other)
        if abs(from.angle - to.angle) > Double.pi {
            if from.angle > to.angle { from.angle -= 2 * Double.pi } else { to.angle -= 2 * Double.pi }
        }
        func lerp(_ a: Double, _ b: Double) -> Double { MotionCore.lerp(a, b, progress) }
        var result = from
        result.translation = (lerp(from.translation.x, to.translation.x), lerp(from.translation.y, to.translation.y))
        result.angle = lerp(from.angle, to.angle)
        result.shear = lerp(from.shear, to.shear)
        result.scale = (lerp(from.scale.x, to.scale.x), lerp(from.scale.y, to.scale.y))
        return result
    }

    /// Equal when every component is.
    public static func == (lhs: DecomposedTransform2D, rhs: DecomposedTransform2D) -> Bool {
        lhs.translation == rhs.translation && lhs.angle == rhs.angle && lhs.shear == rhs.shear && lhs.scale == rhs.scale
    }

    /// Hashes every component.
    public func hash(into hasher: inout Hasher) {
        for value in [translation.x, translation.y, angle, shear, scale.x, scale.y] { hasher.combine(value) }
    }
}

extension Transform3D {
    /// Interpolates whole matrices: the 2-D path when both are 2-D, otherwise the CSS Transforms 2 decomposition;
    /// when either cannot be decomposed (singular), a discrete flip at progress 0.5.
    public static func interpolate(from: Transform3D, to: Transform3D, at progress: Double) -> Transform3D {
        if from.is2D, to.is2D, let a = DecomposedTransform2D(from), let b = DecomposedTransform2D(to) {
            return a.interpolated(to: b, at: progress).recomposed
        }
        guard let a = DecomposedTransform(from), let b = DecomposedTransform(to) else {
            return progress < 0.5 ? from : to
        }
        return a.interpolated(to: b, at: progress).recomposed
    }
}
