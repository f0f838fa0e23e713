/// A sum of doubles and products of doubles, held unrounded so that its sign is decided exactly: the timing model's
/// boundaries (t − delay against d·n, the floor of an overall progress) are comparisons of such sums.
///
/// Up to 8 terms and 4 products. `sign` first tries the rounded sum with a rigorous error bound (the common case, far
/// from any boundary), and only when that cannot decide builds Shewchuk's nonoverlapping expansion with error-free
/// transformations (two-sum, and the fused multiply-add for a product's rounding error), whose largest nonzero
/// component carries the exact sign. `value` is the sum by compensated summation.
///
/// Exact as long as every product a·b is zero or at least 2^-969 in magnitude (its rounding error is then a double)
/// and no partial sum exceeds 2^1020; beyond that every value is scaled by 2^-64 first, which is exact except for terms
/// below 2^-1010, the scale of which no timing decision depends on in practice.
struct ExactSum: Sendable {
    private var terms = SIMD8<Double>()
    private var termCount = 0
    private var left = SIMD4<Double>(), right = SIMD4<Double>()
    private var productCount = 0

    /// The empty sum (0).
    init() {}

    /// The single term `value`.
    init(_ value: Double) { add(value) }

    /// `first` + `second`, unrounded.
    init(_ first: Double, _ second: Double) {
        add(first)
        add(second)
    }

    /// Adds `value`.
    mutating func add(_ value: Double) {
        if value == 0 { return }
        precondition(termCount < 8, "ExactSum holds at most 8 terms")
        terms[termCount] = value
        termCount += 1
    }

    /// Adds the exact product `a`·`b`.
    mutating func add(product a: Double, _ b: Double) {
        if a == 0 || b == 0 { return }
        precondition(productCount < 4, "ExactSum holds at most 4 products")
        left[productCount] = a
        right[productCount] = b
        productCount += 1
    }

    /// This sum plus `other`.
    static func + (lhs: ExactSum, rhs: ExactSum) -> ExactSum {
        var sum = lhs
        for i in 0..<rhs.termCount { sum.add(rhs.terms[i]) }
        for i in 0..<rhs.productCount { sum.add(product: rhs.left[i], rhs.right[i]) }
        return sum
    }

    /// The negated sum.
    static prefix func - (operand: ExactSum) -> ExactSum {
        var negated = operand
        negated.terms = -negated.terms
        negated.left = -negated.left
        return negated
    }

    /// `lhs` − `rhs`.
    static func - (lhs: ExactSum, rhs: ExactSum) -> ExactSum { lhs + -rhs }

    /// Whether the sum has no terms (it is exactly 0).
    var isEmpty: Bool { termCount == 0 && productCount == 0 }

    /// The rounded sum of the terms and rounded products, and the sum of their magnitudes.
    private var estimate: (sum: Double, magnitude: Double) {
        var sum = 0.0, magnitude = 0.0
        for i in 0..<termCount {
            sum += terms[i]
            magnitude += terms[i].magnitude
        }
        for i in 0..<productCount {
            let product = left[i] * right[i]
            sum += product
            magnitude += product.magnitude
        }
        return (sum, magnitude)
    }

    /// −1, 0 or 1: the exact sign of the sum.
    var sign: Int {
        let (sum, magnitude) = estimate
        // Recursive summation of m values and m rounded products errs by at most 2m·u·Σ|x| (u = 2^-53); 4m·u is safe.
        let count = Double(termCount + productCount)
        if magnitude.isFinite, magnitude < 0x1p1020, sum.magnitude > 4 * count * 0x1p-53 * magnitude {
            return sum > 0 ? 1 : -1
        }
        if magnitude == 0 { return 0 }
        let expansion = self.expansion()
        for i in stride(from: expansion.count - 1, through: 0, by: -1) where expansion.components[i] != 0 {
            return expansion.components[i] > 0 ? 1 : -1
        }
        return 0
    }

    /// The sum rounded to a double: compensated summation of the terms and of both halves of every product (Ogita,
    /// Rump and Oishi's Sum2/Dot2), as accurate as a sum in twice the working precision, so the error is about
    /// 2^-53·|sum| + 2^-104·Σ|terms|.
    var value: Double {
        if isEmpty { return 0 }
        let magnitude = estimate.magnitude
        let scaled = !(magnitude < 0x1p1020)
        let factor = scaled ? 0x1p-64 : 1.0
        var sum = 0.0, compensation = 0.0
        for i in 0..<termCount {
            let (s, e) = Self.twoSum(sum, terms[i] * factor)
            sum = s
            compensation += e
        }
        for i in 0..<productCount {
            let a = left[i] * factor, b = right[i]
            let p = a * b
            let (s, e) = Self.twoSum(sum, p)
            sum = s
            compensation += e + (-p).addingProduct(a, b)
        }
        return (sum + compensation) * (scaled ? 0x1p64 : 1)
    }

    /// Shewchuk's grow-expansion over every term and both halves of every product (p = fl(a·b), e = a·b − p by a
    /// fused multiply-add): a nonoverlapping expansion in increasing magnitude whose components sum exactly to the sum
    /// (times `scale`, 2^64 when the values were scaled down to stay finite, else 1).
    private func expansion() -> (components: [Double], count: Int, scale: Double) {
        let magnitude = estimate.magnitude
        let scaled = !(magnitude < 0x1p1020)
        let factor = scaled ? 0x1p-64 : 1.0
        var components = [Double]()
        components.reserveCapacity(termCount + 2 * productCount)
        func grow(_ value: Double) {
            var q = value
            for i in components.indices {
                let (sum, error) = Self.twoSum(q, components[i])
                components[i] = error
                q = sum
            }
            components.append(q)
        }
        for i in 0..<termCount { grow(terms[i] * factor) }
        for i in 0..<productCount {
            let a = left[i] * factor, b = right[i]
            let p = a * b
            grow(p)
            grow((-p).addingProduct(a, b))
        }
        return (components, components.count, scaled ? 0x1p64 : 1)
    }

    /// Knuth's two-sum: s = fl(a + b) and e with a + b = s + e exactly.
    @inline(__always)
    static func twoSum(_ a: Double, _ b: Double) -> (sum: Double, error: Double) {
        let s = a + b
        let bb = s - a
        return (s, (a - (s - bb)) + (b - bb))
    }
}

extension ExactSum {
    /// Compares two exact sums: −1, 0 or 1 as `lhs` is below, equal to or above `rhs`.
    static func compare(_ lhs: ExactSum, _ rhs: ExactSum) -> Int { (lhs - rhs).sign }

    /// The smaller of two exact sums (the first when equal).
    static func minimum(_ lhs: ExactSum, _ rhs: ExactSum) -> ExactSum { compare(lhs, rhs) <= 0 ? lhs : rhs }

    /// The larger of two exact sums (the first when equal).
    static func maximum(_ lhs: ExactSum, _ rhs: ExactSum) -> ExactSum { compare(lhs, rhs) >= 0 ? lhs : rhs }
}
