/// The exact sign of a sum of products of doubles, Σ aᵢ·bᵢ, by Shewchuk's expansion arithmetic: each product split
/// exactly into two doubles (Dekker's product), each double added by two-sum into a nonoverlapping expansion of
/// increasing magnitude, whose largest nonzero component carries the sign. For the cases a rounded evaluation cannot
/// decide, above all exact ties; about 20 two-sums per product.
///
/// Exact when every factor is zero or has a magnitude in [2^-400, 2^400] (`admits`): the products and their rounding
/// errors are then normal doubles far from overflow, and every two-sum is exact. Up to 16 products, with no heap.
struct ProductSumSign {
    /// The expansion's components, nonoverlapping, in increasing magnitude, zeros dropped: the first `count` lanes.
    private var components = SIMD32<Double>()
    /// How many components the expansion has.
    private var count = 0
    /// How many products were added.
    private var products = 0

    /// The empty sum.
    init() {}

    /// Whether `factor` keeps the sum exact: zero, or a magnitude in [2^-400, 2^400].
    static func admits(_ factor: Double) -> Bool {
        factor == 0 || (factor.magnitude >= 0x1p-400 && factor.magnitude <= 0x1p400)
    }

    /// Adds the exact product `a`·`b` (both admitted by `admits`); a zero factor adds nothing and counts for nothing.
    mutating func add(product a: Double, _ b: Double) {
        if a == 0 || b == 0 { return }
        precondition(products < 16, "ProductSumSign holds at most 16 products")
        products += 1
        let product = DoubleDouble.product(a, b)
        grow(product.low)
        grow(product.high)
    }

    /// Adds `value` exactly (Shewchuk's Grow-Expansion with zero elimination).
    private mutating func grow(_ value: Double) {
        if value == 0 { return }
        var carry = value
        var kept = 0
        for index in 0..<count {
            let sum = DoubleDouble.sum(carry, components[index])
            if sum.low != 0 {
                components[kept] = sum.low
                kept += 1
            }
            carry = sum.high
        }
        // At most 2 components per product: two-sums never lengthen an expansion beyond its inputs.
        if carry != 0 {
            components[kept] = carry
            kept += 1
        }
        count = kept
    }

    /// −1, 0 or 1: the sign of the exact sum.
    var sign: Int {
        guard count > 0 else { return 0 }
        return components[count - 1] > 0 ? 1 : -1
    }
}
