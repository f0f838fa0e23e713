/// The layer kinds of MotionBench's scenarios, numbered as `motionbench_kind` in the C header.
public enum EngineLayerKind: Int, Sendable, Hashable, CaseIterable, Comparable {
    /// `basic`: from → to of a scalar, a point or a colour.
    case basic = 0
    /// `spring`: a damped spring on one position, optionally retargeted once.
    case spring = 1
    /// `keyframes`: keyframes of a scalar.
    case keyframes = 2
    /// `pendulum`: UIView keyframes, rotations then a shift.
    case pendulum = 3
    /// `card-flip`: a half turn with a shrink, as a 4×4 transform with perspective.
    case cardFlip = 4
    /// `transition`: opacity and 4×4 transform of an outgoing and an incoming layer.
    case transition = 5
    /// `interactive`: a scrubbed transition, then finished or cancelled.
    case interactive = 6

    /// The name in scenario files (`kind`).
    public var name: String {
        switch self {
        case .basic: "basic"
        case .spring: "spring"
        case .keyframes: "keyframes"
        case .pendulum: "pendulum"
        case .cardFlip: "card-flip"
        case .transition: "transition"
        case .interactive: "interactive"
        }
    }

    /// The kind named `name` in scenario files, if any.
    public init?(name: String) {
        guard let kind = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = kind
    }

    /// The kinds set in a `supported_kinds` bit mask.
    public static func kinds(inMask mask: UInt32) -> Set<EngineLayerKind> {
        Set(allCases.filter { mask & (1 << UInt32($0.rawValue)) != 0 })
    }

    /// Orders kinds by their number.
    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
}
