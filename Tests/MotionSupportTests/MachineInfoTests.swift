import MotionSupport
import XCTest

/// The machine and load figures run metadata records, parsed from /proc's text.
final class MachineInfoTests: XCTestCase {
    func testAVirtualMachineShowsItsSignatureBesideTheShortModelName() {
        let cpuinfo = """
            processor\t: 0
            vendor_id\t: AuthenticAMD
            cpu family\t: 25
            model\t\t: 17
            model name\t: AMD EPYC
            stepping\t: 1
            flags\t\t: fpu vme avx2 hypervisor lahf_lm

            processor\t: 1
            vendor_id\t: GenuineIntel
            model name\t: second processor, not read
            """
        let (model, signature) = MachineInfo.cpuIdentity(cpuinfo)
        XCTAssertEqual(model, "AMD EPYC")
        XCTAssertEqual(signature, "AuthenticAMD family 25 model 17 stepping 1, virtual")
    }

    func testABareMetalCPUAndOneWithoutTheFields() {
        let intel = "vendor_id\t: GenuineIntel\ncpu family\t: 6\nmodel\t\t: 85\nmodel name\t: Intel(R) Xeon(R) Gold 6248 CPU @ 2.50GHz\nflags\t: fpu sse2\n"
        let (model, signature) = MachineInfo.cpuIdentity(intel)
        XCTAssertEqual(model, "Intel(R) Xeon(R) Gold 6248 CPU @ 2.50GHz")
        XCTAssertEqual(signature, "GenuineIntel family 6 model 85")
        // An Arm board's /proc/cpuinfo has neither a model name nor a vendor_id.
        let arm = MachineInfo.cpuIdentity("processor\t: 0\nBogoMIPS\t: 48.00\nCPU implementer\t: 0x41\n")
        XCTAssertEqual(arm.model, "unknown")
        XCTAssertNil(arm.signature)
    }

    func testLoadAverageReadsTheFirstThreeFieldsOrNothing() {
        XCTAssertEqual(RunMetadata.loadAverage("6.72 2.52 1.67 10/166 9326\n"), [6.72, 2.52, 1.67])
        XCTAssertNil(RunMetadata.loadAverage("6.72 nan 1.67 10/166 9326\n"))
        XCTAssertNil(RunMetadata.loadAverage("6.72\n"))
        XCTAssertNil(RunMetadata.loadAverage(nil))
        let here = RunMetadata.loadAverage()
        if FileManager.default.fileExists(atPath: "/proc/loadavg") { XCTAssertEqual(here?.count, 3) }
    }

    func testThisProcessesMetadataCarriesItsCommandLineAndMachine() {
        let metadata = RunMetadata.current()
        XCTAssertEqual(metadata.commandLine, CommandLine.arguments)
        XCTAssertEqual(metadata.machine.cores, ProcessInfo.processInfo.activeProcessorCount)
        XCTAssertTrue(metadata.provenance.contains(metadata.machine.cpu))
        if let commit = metadata.commit {
            XCTAssertEqual(commit.count, 40)
            XCTAssertTrue(["build", "checkout"].contains(metadata.commitSource ?? ""))
        }
    }
}
