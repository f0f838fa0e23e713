import CMotionBenchEngine

/// The layer kinds of MotionBench's scenarios, numbered by the C header's `motionbench_kind` constants.
public enum EngineLayerKind: Sendable, Hashable, CaseIterable, Comparable, CustomStringConvertible {
    /// `basic`: from → to of a scalar, a point or a colour.
    case basic
    /// `spring`: a damped spring on one position, optionally retargeted once.
    case spring
    /// `keyframes`: keyframes of a scalar.
    case keyframes
    /// `pendulum`: UIView keyframes, rotations then a shift.
    case pendulum
    /// `card-flip`: a half turn with a shrink, as a 4×4 transform with perspective.
    case cardFlip
    /// `transition`: opacity and 4×4 transform of an outgoing and an incoming layer.
    case transition
    /// `interactive`: a scrubbed transition, then finished or cancelled.
    case interactive

    /// The kind's number in the C interface (`motionbench_kind`), taken from the header, so that reordering these
    /// cases changes nothing an engine receives.
    package var cValue: UInt32 {
        switch self {
        case .basic: MOTIONBENCH_KIND_BASIC.rawValue
        case .spring: MOTIONBENCH_KIND_SPRING.rawValue
        case .keyframes: MOTIONBENCH_KIND_KEYFRAMES.rawValue
        case .pendulum: MOTIONBENCH_KIND_PENDULUM.rawValue
        case .cardFlip: MOTIONBENCH_KIND_CARD_FLIP.rawValue
        case .transition: MOTIONBENCH_KIND_TRANSITION.rawValue
        case .interactive: MOTIONBENCH_KIND_INTERACTIVE.rawValue
        }
    }

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

    /// The name in scenario files.
    public var description: String { name }

    /// The kind named `name` in scenario files, if any.
    public init?(name: String) {
        guard let kind = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = kind
    }

    /// The kinds set in a `supported_kinds` bit mask (`MOTIONBENCH_KIND_BIT(kind)` of each).
    public static func kinds(inMask mask: UInt32) -> Set<EngineLayerKind> {
        Set(allCases.filter { $0.cValue < 32 && mask & (1 << $0.cValue) != 0 })
    }

    /// The `supported_kinds` bit mask of `kinds`.
    public static func mask(of kinds: Set<EngineLayerKind>) -> UInt32 {
        kinds.reduce(0) { $0 | 1 << $1.cValue }
    }

    /// Orders kinds by their number in the C interface.
    public static func < (a: Self, b: Self) -> Bool { a.cValue < b.cValue }
}

extension EngineLayerKind: Codable {
    /// Reads a kind from its name in scenario files.
    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        let name = try container.decode(String.self)
        guard let kind = EngineLayerKind(name: name) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "'\(name)' is not one of \(Self.allCases.map(\.name).joined(separator: ", "))")
        }
        self = kind
    }

    /// Writes the kind as its name in scenario files.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(name)
    }
}
