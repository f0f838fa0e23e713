import CMotionBenchEngine

/// A layer kind of MotionBench's scenarios: its number in the C interface (a `motionbench_kind` constant of the header)
/// and its name in scenario files. The header is the list of kinds: a kind is its constant there and its name in
/// `motionbench_kind_name`, so nothing here changes when a kind is added, and no number follows Swift declaration order.
/// Each kind's file (Kinds/, or its scenario kind's file) declares its static member, e.g. `EngineLayerKind.spring`.
public struct EngineLayerKind: Sendable, Hashable, CaseIterable, Comparable, CustomStringConvertible {
    /// The kind's number in the C interface (`motionbench_kind`).
    package let cValue: UInt32
    /// The name in scenario files (`kind`).
    public let name: String

    /// The kind the header numbers `constant`. It stops the program if the header gives the constant no name: that is
    /// a header without its `motionbench_kind_name` line, a build error in all but form.
    package init(_ constant: motionbench_kind) {
        guard let kind = Self(cValue: constant.rawValue) else {
            fatalError("motionbench_engine.h: motionbench_kind_name(\(constant.rawValue)) names no kind")
        }
        self = kind
    }

    /// The kind numbered `cValue` in the header, if the header names one.
    package init?(cValue: UInt32) {
        guard let name = motionbench_kind_name(cValue) else { return nil }
        (self.cValue, self.name) = (cValue, String(cString: name))
    }

    /// Every kind the header names, by number (the numbers of a `supported_kinds` mask: 0…31).
    public static let allCases: [EngineLayerKind] = (0..<32).compactMap { EngineLayerKind(cValue: $0) }

    /// The name in scenario files.
    public var description: String { name }

    /// The kind named `name` in scenario files, if any.
    public init?(name: String) {
        guard let kind = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = kind
    }

    /// The kinds set in a `supported_kinds` bit mask (`MOTIONBENCH_KIND_BIT(kind)` of each).
    public static func kinds(inMask mask: UInt32) -> Set<EngineLayerKind> {
        Set(allCases.filter { mask & (1 << $0.cValue) != 0 })
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
