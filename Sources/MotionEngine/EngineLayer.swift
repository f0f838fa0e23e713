import MotionCore

/// One layer as an engine receives it: its kind's own parameters and where its outputs go. The Swift form of
/// `motionbench_layer`; every time is in seconds since the run's clock started.
public struct EngineLayer: Sendable {
    /// Index of the layer's first output value in the frame's outputs (the layers' outputs laid end to end).
    public var outputOffset: Int
    /// The kind and its parameters.
    public var parameters: Parameters

    /// A layer whose outputs start at `outputOffset`.
    public init(outputOffset: Int, parameters: Parameters) {
        (self.outputOffset, self.parameters) = (outputOffset, parameters)
    }

    /// The layer's kind.
    public var kind: EngineLayerKind {
        switch parameters {
        case .basic: .basic
        case .spring: .spring
        case .keyframes: .keyframes
        case .pendulum: .pendulum
        case .cardFlip: .cardFlip
        case .transition: .transition
        case .interactive: .interactive
        }
    }

    /// Output values the layer writes each frame.
    public var outputCount: Int {
        switch parameters {
        case .basic(let basic): basic.from.count
        case .spring, .keyframes: 1
        case .pendulum, .interactive: 2
        case .cardFlip: 16
        case .transition: 34
        }
    }

    /// One kind's parameters.
    public enum Parameters: Sendable {
        /// From → to of 1, 2 or 4 components (scalar, point in points, RGBA in 0…1).
        case basic(Basic)
        /// A damped spring on one position.
        case spring(Spring)
        /// Keyframes of a scalar.
        case keyframes(Keyframes)
        /// The UIView keyframe pendulum: rotation (radians) and shift (points).
        case pendulum(Pendulum)
        /// The card flip's 4×4 transform.
        case cardFlip(CardFlip)
        /// A transition's two opacities and 4×4 transforms.
        case transition(Transition)
        /// A scrubbed interactive transition: percent and offset (points).
        case interactive(InteractiveLayers.Parameters)
    }

    /// Media timing with fill both: begin, pass duration, repeat count and autoreverse, and the easing of each pass.
    public struct Timing: Sendable, Hashable {
        /// Begin, duration (seconds), repeat count (0 once) and autoreverse.
        public var parameters: LayerTimingParameters
        /// The easing of each pass's progress.
        public var easing: TimingFunction

        /// Timing with `parameters`, eased by `easing`.
        public init(_ parameters: LayerTimingParameters, easing: TimingFunction) {
            (self.parameters, self.easing) = (parameters, easing)
        }
    }

    /// `basic`: value = from + (to − from) × eased progress, per component.
    public struct Basic: Sendable, Hashable {
        /// The timing.
        public var timing: Timing
        /// The start value's components (1, 2 or 4).
        public var from: [Double]
        /// The end value's components.
        public var to: [Double]

        /// A basic layer.
        public init(timing: Timing, from: [Double], to: [Double]) { (self.timing, self.from, self.to) = (timing, from, to) }
    }

    /// `spring`: m x'' + c x' + k (x − target) = 0 from `from` at `begin` with `initialVelocity`; `from` before `begin`;
    /// at `retarget.time` the target becomes `retarget.to` with position and velocity continuous.
    public struct Spring: Sendable, Hashable {
        /// Begin time, seconds.
        public var begin: Double
        /// Mass, stiffness and damping (SI-like units: force per unit displacement, per unit velocity).
        public var mass: Double, stiffness: Double, damping: Double
        /// Start and target positions (value units).
        public var from: Double, to: Double
        /// Initial velocity, value units per second.
        public var initialVelocity: Double
        /// The retarget, if any.
        public var retarget: Retarget?

        /// A spring layer.
        public init(begin: Double, mass: Double, stiffness: Double, damping: Double, from: Double, to: Double,
                    initialVelocity: Double, retarget: Retarget?) {
            (self.begin, self.mass, self.stiffness, self.damping) = (begin, mass, stiffness, damping)
            (self.from, self.to, self.initialVelocity, self.retarget) = (from, to, initialVelocity, retarget)
        }

        /// A new target from a moment on, position and velocity continuous.
        public struct Retarget: Sendable, Hashable {
            /// When, in seconds since the clock started.
            public var time: Double
            /// The new target (value units).
            public var to: Double

            /// A retarget to `to` at `time` seconds.
            public init(time: Double, to: Double) { (self.time, self.to) = (time, to) }
        }
    }

    /// `keyframes`: the eased progress picks the segment of `keyTimes` and interpolates `values` by `mode`.
    public struct Keyframes: Sendable, Hashable {
        /// The timing.
        public var timing: Timing
        /// The values.
        public var values: [Double]
        /// One key time per value in [0, 1], as the mode resolved them (paced modes already paced).
        public var keyTimes: [Double]
        /// Core Animation's calculation mode.
        public var mode: KeyframeAnimation<Double>.CalculationMode

        /// A keyframes layer.
        public init(timing: Timing, values: [Double], keyTimes: [Double], mode: KeyframeAnimation<Double>.CalculationMode) {
            (self.timing, self.values, self.keyTimes, self.mode) = (timing, values, keyTimes, mode)
        }
    }

    /// `pendulum`: UIView keyframes over `duration` from `begin`, each segment eased in and out.
    public struct Pendulum: Sendable, Hashable {
        /// Begin time and duration, seconds.
        public var begin: Double, duration: Double
        /// Each keyframe's relative start in [0, 1).
        public var relativeStarts: [Double]
        /// The rotation each keyframe reaches, radians.
        public var rotations: [Double]
        /// The shift each keyframe reaches, points.
        public var shifts: [Double]

        /// A pendulum layer.
        public init(begin: Double, duration: Double, relativeStarts: [Double], rotations: [Double], shifts: [Double]) {
            (self.begin, self.duration, self.relativeStarts, self.rotations, self.shifts)
                = (begin, duration, relativeStarts, rotations, shifts)
        }
    }

    /// `card-flip`: over each pass a rotation of −π × `rotationEasing`(progress) about y and a scale 1 → `scale` → 1,
    /// with m34 = −1/`perspective`; outputs the 4×4 matrix in `CATransform3D` order.
    public struct CardFlip: Sendable, Hashable {
        /// The group's timing (linear).
        public var timing: Timing
        /// The rotation's easing.
        public var rotationEasing: TimingFunction
        /// The scale at half time.
        public var scale: Double
        /// The perspective distance, points.
        public var perspective: Double

        /// A card-flip layer.
        public init(timing: Timing, rotationEasing: TimingFunction, scale: Double, perspective: Double) {
            (self.timing, self.rotationEasing, self.scale, self.perspective) = (timing, rotationEasing, scale, perspective)
        }
    }

    /// `transition`: a `CATransition` of `type` from `subtype` over a layer of `size` points.
    public struct Transition: Sendable, Hashable {
        /// The timing.
        public var timing: Timing
        /// Fade, moveIn, push or reveal.
        public var type: MotionCore.Transition.Kind
        /// The side the motion comes from.
        public var subtype: MotionCore.Transition.Subtype
        /// The layer's size, points.
        public var size: Size

        /// A transition layer.
        public init(timing: Timing, type: MotionCore.Transition.Kind, subtype: MotionCore.Transition.Subtype, size: Size) {
            (self.timing, self.type, self.subtype, self.size) = (timing, type, subtype, size)
        }
    }
}
