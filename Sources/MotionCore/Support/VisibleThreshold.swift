/// An error size below which a person cannot see the difference, stated once for every report that counts outputs
/// beyond it (the accuracy report's measured implementations, and the engines' table).
///
/// Each threshold is an error in progress (the fraction of the travel), derived from a stated display fact:
/// - `alpha-half-step`: 8-bit alpha or colour has steps of 1/255 of the travel; an error under half a step
///   (0.5/255 ≈ 0.00196) rounds to the same 8-bit value.
/// - `position-0.1px`: a tenth of a pixel on a 1,000-pixel move (a layer crossing a phone screen at 3×), 1e-4.
/// - `rotation-0.01deg`: a hundredth of a degree on a full 360° turn, 0.01/360 ≈ 2.78e-5.
public struct VisibleThreshold: Sendable, Hashable {
    /// A short identifier used as a column and JSON key, e.g. `alpha-half-step`.
    public let name: String
    /// The error in progress units (fraction of the travel) beyond which an output counts as visibly off.
    public let limit: Double
    /// What the threshold stands for, in words.
    public let meaning: String

    /// Half a step of 8-bit alpha or colour: 0.5/255 of the travel.
    public static let alphaHalfStep = VisibleThreshold(
        name: "alpha-half-step", limit: 0.5 / 255, meaning: "half a step of 8-bit alpha or colour (0.5/255 of the travel)")
    /// A tenth of a pixel on a 1,000-pixel move: 1e-4 of the travel.
    public static let tenthPixel = VisibleThreshold(
        name: "position-0.1px", limit: 0.1 / 1000, meaning: "a tenth of a pixel on a 1,000-pixel move (1e-4 of the travel)")
    /// A hundredth of a degree on a full turn: 0.01/360 of the travel.
    public static let hundredthDegree = VisibleThreshold(
        name: "rotation-0.01deg", limit: 0.01 / 360, meaning: "a hundredth of a degree on a 360° turn (0.01/360 of the travel)")

    /// Every threshold, coarsest first.
    public static let all: [VisibleThreshold] = [alphaHalfStep, tenthPixel, hundredthDegree]

    /// Whether an error of `error` (progress units, either sign) is beyond the threshold.
    @inlinable
    public func isExceeded(by error: Double) -> Bool { !(abs(error) <= limit) }
}

extension VisibleThreshold: Codable {
    /// The threshold named `name` (one of `all`), or nil.
    public static func named(_ name: String) -> VisibleThreshold? { all.first { $0.name == name } }

    /// Reads a threshold from its name (a JSON string such as `"alpha-half-step"`).
    public init(from decoder: any Decoder) throws {
        let name = try decoder.singleValueContainer().decode(String.self)
        guard let threshold = Self.named(name) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription:
                "'\(name)' is not a visible threshold (" + Self.all.map(\.name).joined(separator: ", ") + ")"))
        }
        self = threshold
    }

    /// Writes the threshold as its name.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(name)
    }
}
