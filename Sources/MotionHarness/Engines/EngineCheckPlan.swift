/// Which of an engine's layers are compared with the exact scalar path after each frame of a pass: a budget of layer
/// comparisons shared out over every frame of the pass, so that no frame goes unchecked and a fault confined to a few
/// frames is seen.
///
/// The frame in position i of F gets ⌊(i+1)·B/F⌋ − ⌊i·B/F⌋ of the B comparisons (at most every layer): min(B, layers × F)
/// in all, each frame within one of the others. The comparisons of the pass are numbered q = 0, 1, 2, … in frame order,
/// and comparison q looks at layer (q × P) mod layers, with the stride P the integer nearest layers ÷ (B/F) that is
/// coprime with the layer count. So a frame's layers lie P apart, spread evenly over all the layers (every kind is
/// represented when the share is large enough: the layers lie kind by kind), each frame continues where the last one
/// stopped, and any `layers` consecutive comparisons are all different layers: the pass compares min(B, layers)
/// different layers, every layer once the budget reaches the layer count.
struct EngineCheckPlan: Sendable {
    /// The engine's layers.
    let layers: Int
    /// The pass's frame indices, increasing.
    let frames: [Int]
    /// The most layer comparisons in the pass (≥ 0).
    let budget: Int
    /// The distance between consecutive comparisons' layers, coprime with `layers` (1 with one layer or none).
    let stride: Int

    /// A plan for `layers` layers over `frames` (increasing) with at most `budget` layer comparisons.
    init(layers: Int, frames: [Int], budget: Int) {
        (self.layers, self.frames, self.budget) = (max(layers, 0), frames, max(budget, 0))
        let perFrame = Double(self.budget) / Double(max(frames.count, 1))
        let nearest = Double(self.layers) / min(max(perFrame, 1), Double(max(self.layers, 1)))
        stride = Self.coprime(from: Int(nearest.rounded()), with: self.layers)
    }

    /// The smallest p ≥ `start` (within 1…n) with gcd(p, n) = 1; 1 when n ≤ 1.
    static func coprime(from start: Int, with n: Int) -> Int {
        guard n > 1 else { return 1 }
        var p = min(max(start, 1), n - 1)
        while gcd(p, n) != 1 { p = p == n - 1 ? 1 : p + 1 }
        return p
    }

    /// The greatest common divisor of `a` and `b` (Euclid).
    static func gcd(_ a: Int, _ b: Int) -> Int {
        var (a, b) = (a, b)
        while b != 0 { (a, b) = (b, a % b) }
        return a
    }

    /// The position of frame `index` in `frames`, or nil when the pass does not hold it (binary search).
    func position(of index: Int) -> Int? {
        var lo = 0, hi = frames.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if frames[mid] < index { lo = mid + 1 } else { hi = mid }
        }
        return lo < frames.count && frames[lo] == index ? lo : nil
    }

    /// How many layers are compared after the frame in position `position`.
    func count(atPosition position: Int) -> Int {
        guard !frames.isEmpty, layers > 0, (0..<frames.count).contains(position) else { return 0 }
        return min(cumulative(position + 1) - cumulative(position), layers)
    }

    /// ⌊i · budget / frames⌋, exactly (the product in double width, so that no budget overflows it).
    private func cumulative(_ i: Int) -> Int {
        frames.count.dividingFullWidth(i.multipliedFullWidth(by: budget)).quotient
    }

    /// The `j`-th layer (0 ≤ j < `count(atPosition:)`) compared after the frame in position `position`: comparison
    /// q = ⌊position · B/F⌋ + j of the pass, layer (q × stride) mod layers.
    func layer(_ j: Int, atPosition position: Int) -> Int {
        guard layers > 0 else { return 0 }
        let q = (cumulative(position) % layers + j) % layers
        // The product in double width: q and stride are below layers, so the quotient fits.
        return layers.dividingFullWidth(q.multipliedFullWidth(by: stride)).remainder
    }

    /// The layers compared after the frame in position `position`, in comparison order.
    func layers(atPosition position: Int) -> [Int] {
        (0..<count(atPosition: position)).map { layer($0, atPosition: position) }
    }
}
