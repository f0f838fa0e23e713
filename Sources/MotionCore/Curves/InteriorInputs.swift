/// The interior inputs (0 < x < 1) of one block of at most `LayerBlock.size` eased inputs, gathered into a list with
/// each one's offset in the block: the list an ease solves, while the ends, 0 and 1, are their own outputs.
///
/// Gathering writes every input to the next free slot and advances the count only for an interior one, so that no
/// branch depends on which inputs are interior (as a compare, the test is compiled to a branch, mispredicted on every
/// layer that starts or ends).
@usableFromInline
struct InteriorInputs {
    /// The interior inputs, in block order.
    @usableFromInline let inputs: UnsafeMutablePointer<Double>
    /// Each input's offset in its block.
    @usableFromInline let offsets: UnsafeMutablePointer<UInt16>

    /// A list over the given scratch.
    @inlinable
    init(inputs: UnsafeMutablePointer<Double>, offsets: UnsafeMutablePointer<UInt16>) {
        (self.inputs, self.offsets) = (inputs, offsets)
    }

    /// Runs `body` with a list of `LayerBlock.size` slots on the stack (1 KiB and 256 bytes, sizes that
    /// `withUnsafeTemporaryAllocation` keeps off the heap).
    @inlinable @inline(__always)
    static func with<Result>(_ body: (InteriorInputs) -> Result) -> Result {
        withUnsafeTemporaryAllocation(of: UInt16.self, capacity: LayerBlock.size) { offsets in
            withUnsafeTemporaryAllocation(of: Double.self, capacity: LayerBlock.size) { inputs in
                // baseAddress! cannot fail: both allocations hold `LayerBlock.size` (> 0) entries.
                body(InteriorInputs(inputs: inputs.baseAddress!, offsets: offsets.baseAddress!))
            }
        }
    }

    /// Gathers the interior inputs among `values[0..<count]` (count ≤ `LayerBlock.size`) and returns how many there
    /// are.
    @inlinable @inline(__always)
    func gather(_ values: UnsafePointer<Double>, count: Int) -> Int {
        var interiorCount = 0
        for k in 0..<count {
            let x = values[k]
            offsets[interiorCount] = UInt16(truncatingIfNeeded: k)
            inputs[interiorCount] = x
            interiorCount &+= Self.interiorFlag(x)
        }
        return interiorCount
    }

    /// 1 where 0 < x < 1, else 0 (also for −0 and NaN), with no branch: with d = pattern(x) − 1 read as signed, x is
    /// interior exactly when d is in [0, pattern(1) − 1), that is when the sign bits of d − (pattern(1) − 1) and of ~d
    /// are both set.
    @inlinable @inline(__always)
    static func interiorFlag(_ x: Double) -> Int {
        let limit = Int64(bitPattern: (1.0).bitPattern &- 1)
        let d = Int64(bitPattern: x.bitPattern &- 1)
        return Int(truncatingIfNeeded: UInt64(bitPattern: (d &- limit) & ~d) &>> 63)
    }
}
