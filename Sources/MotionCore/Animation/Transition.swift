import RealModule

/// What a transition does to one of its two layers at a moment: opacity and translation in points.
public struct TransitionLayerState: Sendable, Hashable {
    /// Opacity in [0, 1].
    public var opacity: Double
    /// Offset from the layer's resting position, in points (UIKit coordinates: y grows downward).
    public var translation: Point
}

/// `CATransition`: fade, moveIn, push and reveal, with the four subtypes and start/end progress.
///
/// At transition progress p (already eased by the transition's timing) the effective progress is
/// q = startProgress + (endProgress − startProgress)·p. With `from` the unit vector of the side the motion comes
/// from (fromLeft = (−1, 0), fromTop = (0, −1)) and `size` the layer's bounds:
/// fade cross-fades (outgoing 1 − q, incoming q); moveIn slides the incoming layer in over the outgoing one
/// (incoming at from·size·(1 − q)); push slides both (incoming at from·size·(1 − q), outgoing at −from·size·q);
/// reveal slides the outgoing layer away (−from·size·q) to uncover the incoming one.
public struct Transition: Sendable, Hashable {
    /// `CATransitionType`.
    public enum Kind: String, Sendable, CaseIterable {
        case fade, moveIn, push, reveal
    }

    /// `CATransitionSubtype`.
    public enum Subtype: String, Sendable, CaseIterable {
        case fromLeft, fromRight, fromTop, fromBottom

        /// Unit vector toward the side the motion comes from (UIKit coordinates).
        var side: Point {
            switch self {
            case .fromLeft: Point(x: -1, y: 0)
            case .fromRight: Point(x: 1, y: 0)
            case .fromTop: Point(x: 0, y: -1)
            case .fromBottom: Point(x: 0, y: 1)
            }
        }
    }

    /// The transition type.
    public let kind: Kind
    /// Where the motion comes from (ignored by fade).
    public let subtype: Subtype
    /// Progress at which the transition starts, in [0, 1].
    public let startProgress: Double
    /// Progress at which it ends, in [startProgress, 1].
    public let endProgress: Double
    /// The layers' bounds size in points (how far a slide travels).
    public let size: Size

    /// Creates a transition.
    /// - Throws: unless 0 ≤ startProgress ≤ endProgress ≤ 1.
    public init(kind: Kind, subtype: Subtype = .fromLeft, startProgress: Double = 0, endProgress: Double = 1,
                size: Size) throws(InvalidParameterError) {
        guard startProgress >= 0, startProgress <= 1 else {
            throw InvalidParameterError(context: "transition", parameter: "startProgress", value: startProgress,
                                        rule: "is outside [0, 1]")
        }
        guard endProgress >= startProgress, endProgress <= 1 else {
            throw InvalidParameterError(context: "transition", parameter: "endProgress", value: endProgress,
                                        rule: "must lie in [startProgress, 1] = [\(formatSpecNumber(startProgress)), 1]")
        }
        (self.kind, self.subtype, self.startProgress, self.endProgress, self.size) = (kind, subtype, startProgress, endProgress, size)
    }

    /// Both layers at transition progress `progress` in [0, 1].
    public func layers(at progress: Double) -> (outgoing: TransitionLayerState, incoming: TransitionLayerState) {
        let q = startProgress + (endProgress - startProgress) * min(max(progress, 0), 1)
        let travel = Point(x: subtype.side.x * size.width, y: subtype.side.y * size.height)
        let still = TransitionLayerState(opacity: 1, translation: .zero)
        switch kind {
        case .fade:
            return (TransitionLayerState(opacity: 1 - q, translation: .zero), TransitionLayerState(opacity: q, translation: .zero))
        case .moveIn:
            return (still, TransitionLayerState(opacity: 1, translation: travel.scaled(by: 1 - q)))
        case .push:
            return (TransitionLayerState(opacity: 1, translation: travel.scaled(by: -q)),
                    TransitionLayerState(opacity: 1, translation: travel.scaled(by: 1 - q)))
        case .reveal:
            return (TransitionLayerState(opacity: 1, translation: travel.scaled(by: -q)), still)
        }
    }
}

/// UIView's `transitionFlipFromLeft`/`FromRight`: the view turns by π about the y axis with perspective, and the
/// visible face swaps from the outgoing view to the incoming one half-way.
///
/// Assumptions (UIKit documents neither): fromLeft turns by +π (the left edge swings toward the viewer, in
/// `Transform3D.rotation`'s convention), fromRight by −π; the perspective distance defaults to 1000 points. The
/// incoming face is drawn rotated by a further π so that it reads the right way round.
public struct FlipTransition: Sendable, Hashable {
    /// Flip direction.
    public let fromLeft: Bool
    /// Perspective distance d (m34 = −1/d), points.
    public let perspectiveDistance: Double

    /// A flip from the left or right with perspective distance `perspectiveDistance` points.
    public init(fromLeft: Bool = true, perspectiveDistance: Double = 1000) {
        self.fromLeft = fromLeft
        self.perspectiveDistance = perspectiveDistance
    }

    /// The transform and the face that shows at progress `progress` in [0, 1].
    public func state(at progress: Double) -> (transform: Transform3D, showsIncoming: Bool) {
        let sign: Double = fromLeft ? 1 : -1
        let angle = sign * Double.pi * min(max(progress, 0), 1)
        let showsIncoming = progress >= 0.5
        let faceAngle = showsIncoming ? angle - sign * Double.pi : angle
        return (Transform3D.rotation(faceAngle, x: 0, y: 1, z: 0).concatenating(.perspective(perspectiveDistance)),
                showsIncoming)
    }
}
