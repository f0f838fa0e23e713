import Foundation
import XCTest
import MotionTestSupport

/// The example engine as SwiftPM links it (`swift build -c release --product MotionBenchExampleEngine`) is a plain C
/// library: a C host without the Swift runtime must be able to dlopen it, so its ELF dynamic section may name no Swift
/// library (NEEDED) and no toolchain directory (RUNPATH, RPATH).
extension ExampleEngineTests {
    func testBuiltLibraryNeedsNoSwiftRuntime() throws {
        #if os(Linux)
        guard let path = ExampleEngineLibrary.find() else {
            // The clang fallback of `ExampleEngineLibrary.path()` would say nothing about SwiftPM's link.
            if ProcessInfo.processInfo.environment["CI"] == "true" {
                return XCTFail("\(ExampleEngineLibrary.fileName) is not next to the test bundle; swift build builds it")
            }
            throw MissingPrerequisite.error("\(ExampleEngineLibrary.fileName) is not next to the test bundle: swift build --product "
                          + "MotionBenchExampleEngine")
        }
        let dynamic = try ELFDynamicSection(data: Data(contentsOf: URL(fileURLWithPath: path)))
        XCTAssertFalse(dynamic.needed.isEmpty, "\(path) names no NEEDED library at all: the parse is wrong")
        XCTAssertTrue(dynamic.needed.contains { $0.hasPrefix("libc.so") }, "\(dynamic.needed)")
        for name in dynamic.needed + dynamic.searchPaths {
            XCTAssertFalse(name.lowercased().contains("swift"), "\(path) names \(name): NEEDED \(dynamic.needed), "
                           + "RUNPATH/RPATH \(dynamic.searchPaths)")
        }
        #else
        throw MissingPrerequisite.error("the ELF check runs on Linux")
        #endif
    }

    func testELFReaderRejectsWhatIsNotAnELFLibrary() {
        XCTAssertThrowsError(try ELFDynamicSection(data: Data("not an ELF file".utf8)))
        XCTAssertThrowsError(try ELFDynamicSection(data: Data([0x7F, 0x45, 0x4C, 0x46, 2, 1] + [UInt8](repeating: 0, count: 10))))
    }
}

/// The NEEDED, RUNPATH and RPATH entries of a little-endian 64-bit ELF file's dynamic section (SHT_DYNAMIC), read
/// through its section headers; the strings come from the section the dynamic section links to (.dynstr).
struct ELFDynamicSection {
    /// DT_NEEDED names, in order.
    var needed: [String] = []
    /// DT_RUNPATH and DT_RPATH strings.
    var searchPaths: [String] = []

    struct Malformed: Error, CustomStringConvertible {
        let description: String
    }

    init(data: Data) throws {
        let bytes = [UInt8](data)
        func integer(_ offset: Int, _ size: Int) throws -> UInt64 {
            guard offset >= 0, size <= 8, offset <= bytes.count - size else {
                throw Malformed(description: "offset \(offset) + \(size) is beyond the file's \(bytes.count) bytes")
            }
            return (0..<size).reversed().reduce(0) { $0 << 8 | UInt64(bytes[offset + $1]) }
        }
        func offset(_ value: UInt64) throws -> Int {
            guard value <= UInt64(bytes.count) else { throw Malformed(description: "offset \(value) beyond the file") }
            return Int(value)
        }
        guard bytes.count >= 64, bytes[0..<4] == [0x7F, 0x45, 0x4C, 0x46] else { throw Malformed(description: "not ELF") }
        guard bytes[4] == 2, bytes[5] == 1 else { throw Malformed(description: "not a little-endian 64-bit ELF file") }
        let sectionHeaders = try offset(integer(0x28, 8))
        let entrySize = Int(try integer(0x3A, 2)), count = Int(try integer(0x3C, 2))
        guard entrySize >= 64 else { throw Malformed(description: "section header size \(entrySize)") }
        func section(_ index: Int) throws -> (type: UInt64, offset: Int, size: Int, link: Int) {
            let base = sectionHeaders + index * entrySize
            return (try integer(base + 4, 4), try offset(integer(base + 0x18, 8)), try offset(integer(base + 0x20, 8)),
                    Int(try integer(base + 0x28, 4)))
        }
        let shtDynamic: UInt64 = 6
        guard let dynamic = try (0..<count).lazy.map(section).first(where: { $0.type == shtDynamic }) else {
            throw Malformed(description: "no dynamic section")
        }
        guard dynamic.link < count else { throw Malformed(description: "dynamic section links to section \(dynamic.link)") }
        let strings = try section(dynamic.link)
        func string(_ index: UInt64) throws -> String {
            var position = strings.offset + (try offset(index))
            var text: [UInt8] = []
            while try integer(position, 1) != 0 {
                text.append(bytes[position])
                position += 1
            }
            return String(decoding: text, as: UTF8.self)
        }
        let (dtNull, dtNeeded, dtRPath, dtRunPath): (UInt64, UInt64, UInt64, UInt64) = (0, 1, 15, 29)
        for entry in stride(from: dynamic.offset, to: dynamic.offset + dynamic.size, by: 16) {
            let tag = try integer(entry, 8), value = try integer(entry + 8, 8)
            if tag == dtNull { break }
            if tag == dtNeeded { needed.append(try string(value)) }
            if tag == dtRunPath || tag == dtRPath { searchPaths.append(try string(value)) }
        }
    }
}
