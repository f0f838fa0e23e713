import RealModule

/// Parsing of CSS transform lists: `none`, `matrix(a,b,c,d,e,f)`, `matrix3d(16 numbers)`, `translate(x[, y])`,
/// `translateX/Y/Z(v)`, `translate3d(x,y,z)`, `scale(x[, y])`, `scaleX/Y/Z(v)`, `scale3d(x,y,z)`, `rotate(a)`,
/// `rotateX/Y/Z(a)`, `rotate3d(x,y,z,a)`, `skew(ax[, ay])`, `skewX(a)`, `skewY(a)`, `perspective(d)`, separated by
/// spaces. Angles take `deg`, `rad`, `grad` or `turn` (a bare 0 is allowed); lengths take `px` or no unit.
extension TransformList {
    /// Parses a transform list.
    /// - Throws: `SpecError` naming the function and the problem.
    public init(spec: String) throws(SpecError) {
        let calls = try SpecSyntax.parseList(spec)
        if calls.count == 1, calls[0].name == "none" {
            try calls[0].requireNoItems(in: spec)
            self.init([])
            return
        }
        var functions: [TransformFunction] = []
        for call in calls {
            let function = try Self.function(call, in: spec)
            if let entry = Self.entryOutOfRange(function.matrix) {
                throw SpecError(input: spec, column: call.column,
                                message: "\(call.name): its matrix has an entry \(formatSpecNumber(entry)) beyond "
                                    + "±\(formatSpecNumber(Self.entryLimit)) (the range in which transforms compose, "
                                    + "decompose and interpolate without overflow)")
            }
            functions.append(function)
        }
        self.init(functions)
        if let entry = Self.entryOutOfRange(matrix) {
            throw SpecError(input: spec, column: 1,
                            message: "the list composes to a matrix with an entry \(formatSpecNumber(entry)) beyond "
                                + "±\(formatSpecNumber(Self.entryLimit)) (the range in which transforms decompose and "
                                + "interpolate without overflow)")
        }
    }

    /// The largest magnitude a transform's matrix entry may have: squares and 4×4 determinants of such entries stay
    /// finite.
    public static let entryLimit = 1e75

    private static func entryOutOfRange(_ matrix: Transform3D) -> Double? {
        matrix.entries.first { !(abs($0) <= entryLimit) }
    }

    private static func function(_ call: SpecCall, in input: String) throws(SpecError) -> TransformFunction {
        let arguments = TransformArguments(call: call, items: try call.requireItems(in: input, form: "\(call.name)(...)"),
                                           input: input)
        let items = arguments.items
        func count(_ allowed: ClosedRange<Int>) throws(SpecError) { try arguments.requireCount(allowed) }
        func length(_ index: Int) throws(SpecError) -> Double { try arguments.length(index) }
        func number(_ index: Int) throws(SpecError) -> Double { try arguments.number(index) }
        func angle(_ index: Int) throws(SpecError) -> Double { try arguments.angle(index) }
        // Transform3D(entries:)! below cannot fail: it is nil only for a count other than 16 or a non-finite entry, and
        // `number` returns finite numbers only, 16 of them.
        switch call.name {
        case "matrix":
            try count(6...6)
            let n = try (0..<6).map { i throws(SpecError) in try number(i) }
            return .matrix(Transform3D(entries: [n[0], n[1], 0, 0, n[2], n[3], 0, 0, 0, 0, 1, 0, n[4], n[5], 0, 1])!)
        case "matrix3d":
            try count(16...16)
            return .matrix(Transform3D(entries: try (0..<16).map { i throws(SpecError) in try number(i) })!)
        case "translate":
            try count(1...2)
            return .translate(x: try length(0), y: items.count > 1 ? try length(1) : 0, z: 0)
        case "translateX": try count(1...1); return .translate(x: try length(0), y: 0, z: 0)
        case "translateY": try count(1...1); return .translate(x: 0, y: try length(0), z: 0)
        case "translateZ": try count(1...1); return .translate(x: 0, y: 0, z: try length(0))
        case "translate3d": try count(3...3); return .translate(x: try length(0), y: try length(1), z: try length(2))
        case "scale":
            try count(1...2)
            let x = try number(0)
            return .scale(x: x, y: items.count > 1 ? try number(1) : x, z: 1)
        case "scaleX": try count(1...1); return .scale(x: try number(0), y: 1, z: 1)
        case "scaleY": try count(1...1); return .scale(x: 1, y: try number(0), z: 1)
        case "scaleZ": try count(1...1); return .scale(x: 1, y: 1, z: try number(0))
        case "scale3d": try count(3...3); return .scale(x: try number(0), y: try number(1), z: try number(2))
        case "rotate", "rotateZ": try count(1...1); return .rotate(angle: try angle(0), x: 0, y: 0, z: 1)
        case "rotateX": try count(1...1); return .rotate(angle: try angle(0), x: 1, y: 0, z: 0)
        case "rotateY": try count(1...1); return .rotate(angle: try angle(0), x: 0, y: 1, z: 0)
        case "rotate3d":
            try count(4...4)
            return .rotate(angle: try angle(3), x: try number(0), y: try number(1), z: try number(2))
        case "skew":
            try count(1...2)
            return .skew(x: try angle(0), y: items.count > 1 ? try angle(1) : 0)
        case "skewX": try count(1...1); return .skew(x: try angle(0), y: 0)
        case "skewY": try count(1...1); return .skew(x: 0, y: try angle(0))
        case "perspective":
            try count(1...1)
            let distance = try length(0)
            guard distance >= 0 else {
                throw SpecError(input: input, column: items[0].column,
                                message: "perspective: d = \(formatSpecNumber(distance)) must be ≥ 0")
            }
            return .perspective(distance: distance)
        default:
            throw SpecError(input: input, column: call.column, message: "unknown transform function '\(call.name)'")
        }
    }
}

/// The arguments of one transform function in a spec, read as CSS lengths, numbers and angles.
private struct TransformArguments {
    let call: SpecCall
    let items: [SpecItem]
    let input: String

    /// Throws unless the function has an argument count in `allowed`.
    func requireCount(_ allowed: ClosedRange<Int>) throws(SpecError) {
        guard allowed.contains(items.count) else {
            let expected = allowed.lowerBound == allowed.upperBound
                ? "\(allowed.lowerBound)" : "\(allowed.lowerBound) to \(allowed.upperBound)"
            throw SpecError(input: input, column: call.column,
                            message: "\(call.name) takes \(expected) arguments, found \(items.count)")
        }
    }

    /// Argument `index` as a number with one of `units` (no label allowed).
    func value(_ index: Int, units: Set<String>) throws(SpecError) -> (Double, String) {
        if let label = items[index].label {
            throw SpecError(input: input, column: items[index].column, message: "\(call.name): unexpected label '\(label):'")
        }
        return try items[index].singleNumber(in: input, units: units)
    }

    /// Argument `index` as a length in pixels (bare or `px`).
    func length(_ index: Int) throws(SpecError) -> Double { try value(index, units: ["", "px"]).0 }

    /// Argument `index` as a unitless number.
    func number(_ index: Int) throws(SpecError) -> Double { try value(index, units: [""]).0 }

    /// Argument `index` as an angle in radians (`deg`, `rad`, `grad`, `turn`; a bare number only when it is 0).
    func angle(_ index: Int) throws(SpecError) -> Double {
        let (number, unit) = try value(index, units: ["", "deg", "rad", "grad", "turn"])
        switch unit {
        case "deg": return number * Double.pi / 180
        case "grad": return number * Double.pi / 200
        case "turn": return number * 2 * Double.pi
        case "rad": return number
        default:
            guard number == 0 else {
                throw SpecError(input: input, column: items[index].column,
                                message: "\(call.name): angle '\(items[index].values[0].text)' needs a unit: deg, rad, grad or turn")
            }
            return 0
        }
    }
}
