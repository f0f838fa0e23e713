/// How many of `keyTimes[range]` are ≤ `progress`, by binary search: O(log n). `keyTimes[range]` must be ordered
/// (non-decreasing, no NaN), so that `keyTime ≤ progress` holds on a prefix of the range; then the answer is the
/// count a linear scan `Σ [keyTimes[k] ≤ progress]` gives, for every progress including NaN (nothing is ≤ NaN: 0)
/// and ±infinity. Callers check the order once (`keyTimesAreOrdered`) and keep the linear scan otherwise.
@inlinable
public func keyTimesAtOrBefore(_ progress: Double, in keyTimes: UnsafePointer<Double>, _ range: Range<Int>) -> Int {
    var low = range.lowerBound, length = range.count
    while length > 0 {
        let half = length &>> 1
        if keyTimes[low &+ half] <= progress {
            low &+= half &+ 1
            length &-= half &+ 1
        } else {
            length = half
        }
    }
    return low &- range.lowerBound
}

/// Whether `keyTimes` never decreases and holds no NaN: the condition for `keyTimesAtOrBefore` to answer what the
/// linear scan answers.
@inlinable
public func keyTimesAreOrdered(_ keyTimes: [Double]) -> Bool {
    for (index, time) in keyTimes.enumerated() {
        if time.isNaN { return false }
        if index > 0, time < keyTimes[index - 1] { return false }
    }
    return true
}
