/// A value an animation can drive: interpolable, composable for additive animations, and measurable for paced
/// keyframes.
public protocol AnimatableValue: Sendable, Equatable {
    /// The additive identity (0, the zero point, the identity transform).
    static var zero: Self { get }
    /// The value at `progress` between `self` (0) and `other` (1); progress may leave [0, 1] (overshooting easings).
    func interpolated(to other: Self, at progress: Double) -> Self
    /// `self` combined with `other` as an additive animation combines them (sum; transforms concatenate).
    func adding(_ other: Self) -> Self
    /// The value d with `other.adding(d) == self` (the change from `other` to `self`).
    func subtracting(_ other: Self) -> Self
    /// A distance for paced keyframes (Euclidean for vectors).
    func distance(to other: Self) -> Double
}

/// An animatable value in a vector space, which cubic (Kochanek–Bartels) keyframes need.
public protocol VectorAnimatableValue: AnimatableValue {
    /// The value multiplied by `factor`.
    func scaled(by factor: Double) -> Self
}

extension VectorAnimatableValue {
    /// Linear interpolation a + (b − a)·p.
    @inlinable
    public func interpolated(to other: Self, at progress: Double) -> Self {
        adding(other.subtracting(self).scaled(by: progress))
    }
}

extension AnimatableValue {
    /// `delta` added `count` times to `self` (by repeated doubling, so large repeat counts stay cheap).
    @inlinable
    public func accumulating(_ delta: Self, times count: Int) -> Self {
        var result = self, power = delta, remaining = max(count, 0)
        while remaining > 0 {
            if remaining & 1 == 1 { result = result.adding(power) }
            power = power.adding(power)
            remaining >>= 1
        }
        return result
    }
}

extension Double: VectorAnimatableValue {
    /// a + (b − a)·p.
    @inlinable public func interpolated(to other: Double, at progress: Double) -> Double { self + (other - self) * progress }
    /// 0.
    @inlinable public static var zero: Double { 0 }
    /// Sum.
    @inlinable public func adding(_ other: Double) -> Double { self + other }
    /// Difference.
    @inlinable public func subtracting(_ other: Double) -> Double { self - other }
    /// |self − other|.
    @inlinable public func distance(to other: Double) -> Double { abs(self - other) }
    /// Product.
    @inlinable public func scaled(by factor: Double) -> Double { self * factor }
}

/// A point in points (x, y).
public struct Point: VectorAnimatableValue, Hashable {
    /// Coordinates in points.
    public var x: Double, y: Double
    /// A point at (x, y).
    public init(x: Double, y: Double) { (self.x, self.y) = (x, y) }
    /// (0, 0).
    public static let zero = Point(x: 0, y: 0)
    /// Component-wise sum.
    @inlinable public func adding(_ o: Point) -> Point { Point(x: x + o.x, y: y + o.y) }
    /// Component-wise difference.
    @inlinable public func subtracting(_ o: Point) -> Point { Point(x: x - o.x, y: y - o.y) }
    /// Euclidean distance.
    @inlinable public func distance(to o: Point) -> Double { ((x - o.x) * (x - o.x) + (y - o.y) * (y - o.y)).squareRoot() }
    /// Scaled components.
    @inlinable public func scaled(by f: Double) -> Point { Point(x: x * f, y: y * f) }
}

/// A size in points (width, height).
public struct Size: VectorAnimatableValue, Hashable {
    /// Dimensions in points.
    public var width: Double, height: Double
    /// A size of width × height.
    public init(width: Double, height: Double) { (self.width, self.height) = (width, height) }
    /// 0 × 0.
    public static let zero = Size(width: 0, height: 0)
    /// Component-wise sum.
    @inlinable public func adding(_ o: Size) -> Size { Size(width: width + o.width, height: height + o.height) }
    /// Component-wise difference.
    @inlinable public func subtracting(_ o: Size) -> Size { Size(width: width - o.width, height: height - o.height) }
    /// Euclidean distance.
    @inlinable public func distance(to o: Size) -> Double {
        ((width - o.width) * (width - o.width) + (height - o.height) * (height - o.height)).squareRoot()
    }
    /// Scaled components.
    @inlinable public func scaled(by f: Double) -> Size { Size(width: width * f, height: height * f) }
}

/// A rectangle in points: origin and size.
public struct Rect: VectorAnimatableValue, Hashable {
    /// Top-left corner.
    public var origin: Point
    /// Dimensions.
    public var size: Size
    /// A rectangle at `origin` of `size`.
    public init(origin: Point, size: Size) { (self.origin, self.size) = (origin, size) }
    /// The empty rectangle at the origin.
    public static let zero = Rect(origin: .zero, size: .zero)
    /// Component-wise sum.
    @inlinable public func adding(_ o: Rect) -> Rect { Rect(origin: origin.adding(o.origin), size: size.adding(o.size)) }
    /// Component-wise difference.
    @inlinable public func subtracting(_ o: Rect) -> Rect { Rect(origin: origin.subtracting(o.origin), size: size.subtracting(o.size)) }
    /// Euclidean distance over the four components.
    @inlinable public func distance(to o: Rect) -> Double {
        let a = origin.distance(to: o.origin), b = size.distance(to: o.size)
        return (a * a + b * b).squareRoot()
    }
    /// Scaled components.
    @inlinable public func scaled(by f: Double) -> Rect { Rect(origin: origin.scaled(by: f), size: size.scaled(by: f)) }
}

/// An RGBA colour with components in [0, 1] (not premultiplied; interpolated component-wise, as Core Animation does
/// for `backgroundColor`).
public struct RGBAColor: VectorAnimatableValue, Hashable {
    /// Components, nominally in [0, 1].
    public var red: Double, green: Double, blue: Double, alpha: Double
    /// A colour from its components.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        (self.red, self.green, self.blue, self.alpha) = (red, green, blue, alpha)
    }
    /// Transparent black (all zero).
    public static let zero = RGBAColor(red: 0, green: 0, blue: 0, alpha: 0)
    /// Component-wise sum.
    @inlinable public func adding(_ o: RGBAColor) -> RGBAColor {
        RGBAColor(red: red + o.red, green: green + o.green, blue: blue + o.blue, alpha: alpha + o.alpha)
    }
    /// Component-wise difference.
    @inlinable public func subtracting(_ o: RGBAColor) -> RGBAColor {
        RGBAColor(red: red - o.red, green: green - o.green, blue: blue - o.blue, alpha: alpha - o.alpha)
    }
    /// Euclidean distance over the four components.
    @inlinable public func distance(to o: RGBAColor) -> Double {
        let d = subtracting(o)
        return (d.red * d.red + d.green * d.green + d.blue * d.blue + d.alpha * d.alpha).squareRoot()
    }
    /// Scaled components.
    @inlinable public func scaled(by f: Double) -> RGBAColor {
        RGBAColor(red: red * f, green: green * f, blue: blue * f, alpha: alpha * f)
    }
}

extension Transform3D: AnimatableValue {
    /// The identity transform.
    public static var zero: Transform3D { .identity }
    /// Whole-matrix interpolation (decomposition, 2-D path, singular fallback).
    public func interpolated(to other: Transform3D, at progress: Double) -> Transform3D {
        Transform3D.interpolate(from: self, to: other, at: progress)
    }
    /// Concatenation, `CATransform3DConcat(other, self)`: with `self` the model transform and `other` an additive
    /// animation's value, the animated transform applies first, then the model's (an assumption: Core Animation
    /// documents that additive transforms combine, not in which order).
    @inlinable public func adding(_ other: Transform3D) -> Transform3D { other.concatenating(self) }
    /// The transform d with other.adding(d) == self, i.e. d = self·other⁻¹ (identity when other is singular).
    @inlinable public func subtracting(_ other: Transform3D) -> Transform3D {
        guard let inverse = other.inverted() else { return .identity }
        return concatenating(inverse)
    }
    /// Largest entry difference (a simple, monotone measure for paced keyframes).
    @inlinable public func distance(to other: Transform3D) -> Double {
        zip(entries, other.entries).map { abs($0 - $1) }.max() ?? 0
    }
}
