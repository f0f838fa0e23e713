import MotionCore
import XCTest

final class LayerStoreTests: XCTestCase {
    /// A frame is shared out per kernel: chunk c of n takes the c-th share of every kernel's layers, so that every
    /// chunk gets the same mix of kinds. The shares of one kernel must cover its layers once, in order, and differ in
    /// size by at most one share's rounding.
    func testSharesCoverEveryKernelOnceAndEvenly() {
        for count in [0, 1, 5, 127, 128, 1_001] {
            for chunks in [1, 2, 3, 7] {
                let shares = (0..<chunks).map { LayerStore.share($0, of: chunks, count: count) }
                XCTAssertEqual(shares.flatMap { Array($0) }, Array(0..<count), "\(count) layers in \(chunks) chunks")
                let largest = shares.map(\.count).max() ?? 0
                XCTAssertEqual(largest, (count + chunks - 1) / chunks, "\(count) layers in \(chunks) chunks")
                for (first, second) in zip(shares, shares.dropFirst()) {
                    XCTAssertGreaterThanOrEqual(first.count, second.count)
                }
            }
        }
    }
}
