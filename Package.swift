// swift-tools-version: 6.1
// MotionBench: exact timing curves and springs, a frame harness, accuracy reports and CI performance gates.
import PackageDescription

/// A package-benchmark executable in Benchmarks/NAME that measures MotionCore (and the harness's workloads).
func benchmarkTarget(_ name: String) -> Target {
    .executableTarget(
        name: name,
        dependencies: ["MotionCore", "MotionHarness", "MotionBenchmarkSupport", .product(name: "Benchmark", package: "benchmark")],
        path: "Benchmarks/\(name)",
        plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    )
}

let package = Package(
    name: "MotionBench",
    products: [
        .library(name: "MotionCore", targets: ["MotionCore"]),
        .library(name: "MotionReference", targets: ["MotionReference"]),
        // The engine interface (Swift protocol and the C plug-in bridge) and the harness that measures engines.
        .library(name: "MotionEngine", targets: ["MotionEngine"]),
        .library(name: "MotionHarness", targets: ["MotionHarness"]),
        // The example C engine: `swift build -c release --product MotionBenchExampleEngine` gives
        // .build/release/libMotionBenchExampleEngine.so for `motionbench run --engine`.
        .library(name: "MotionBenchExampleEngine", type: .dynamic, targets: ["MotionBenchExampleEngine"]),
        .executable(name: "motionbench", targets: ["motionbench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-numerics.git", from: "1.1.1"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/ordo-one/benchmark.git", from: "1.38.1", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift.git", from: "0.2.0"),
        // Exact integers for the tests' independent rational references (tests only).
        .package(url: "https://github.com/attaswift/BigInt.git", from: "6.0.1"),
        // `swift package generate-documentation --target MotionCore` (the DocC catalog in Sources/MotionCore/MotionCore.docc).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // The numerics core: standard library, swift-numerics' RealModule, the platform C library's sincos, and MPFR
        // behind CMPFR for the correctly rounded slow path.
        .target(
            name: "MotionCore",
            dependencies: ["CMotionMath", "CMPFR", .product(name: "RealModule", package: "swift-numerics")]
        ),
        // MPFR, found through pkg-config: the correctly rounded slow path of MotionCore's exact answers (exact dyadic
        // arithmetic and correctly rounded quotients), taken only where the fast path's rounding test fails.
        .systemLibrary(
            name: "CMPFR",
            pkgConfig: "mpfr",
            providers: [.apt(["libmpfr-dev"])]
        ),
        // One header: the C library's combined sine and cosine (glibc's sincos), which Glibc's Swift module hides.
        .target(name: "CMotionMath"),
        // GSL, found through pkg-config; a shim header exposes the solver-type globals as functions.
        .systemLibrary(
            name: "CGSL",
            pkgConfig: "gsl",
            providers: [.apt(["libgsl-dev"])]
        ),
        // Independent reference answers computed with GSL.
        .target(
            name: "MotionReference",
            dependencies: ["CGSL", "MotionCore", .product(name: "RealModule", package: "swift-numerics")]
        ),
        // Accuracy studies: public solver strategies reimplemented, compared with the GSL references, and engines' easing
        // searched through the harness's engine children (MotionHarness does not depend on this target).
        .target(
            name: "MotionReports",
            dependencies: ["MotionCore", "MotionEngine", "MotionHarness", "MotionReference", "MotionOutput",
                           "MotionSupport", .product(name: "RealModule", package: "swift-numerics")]
        ),
        // The one JSON and CSV writer every machine-readable output goes through.
        .target(
            name: "MotionOutput",
            dependencies: ["MotionCore"]
        ),
        // Output and input files, child processes, machine and toolchain info, run metadata, the status line.
        .target(
            name: "MotionSupport",
            dependencies: ["MotionCore", "MotionOutput"],
            plugins: ["EmbedBuildCommit"]
        ),
        // The commit the package was built from, embedded in MotionSupport at build time (BuildCommit.hash), so run
        // metadata names it outside a checkout too; read from .git's files, MOTIONBENCH_COMMIT overriding.
        .plugin(name: "EmbedBuildCommit", capability: .buildTool(), dependencies: ["BuildCommitEmbedder"]),
        .executableTarget(name: "BuildCommitEmbedder", path: "Plugins/BuildCommitEmbedder"),
        // The C plug-in interface: one header, motionbench_engine.h (nothing to link).
        .target(name: "CMotionBenchEngine"),
        // The engine interface: the Swift protocol every engine conforms to, the layer descriptions, and the bridge
        // that loads a C engine with dlopen.
        .target(
            name: "MotionEngine",
            dependencies: ["CMotionBenchEngine", "MotionCore"]
        ),
        // The example C engine (single precision, its own Newton-and-bisection Bezier solver), written for this
        // repository as what an engine team would bring. It is plain C, and the .so must load in a C host without the
        // Swift runtime: swiftc links a library with swiftrt.o (which calls swift_addNewDSOImage), -lswiftCore and an
        // rpath to the toolchain even when it holds no Swift, and --as-needed cannot drop them (swiftc puts -Xlinker
        // flags after -lswiftCore). Its Embedded Swift mode links no Swift runtime, so the link step is told that mode:
        // the library then needs only libc, libm and glibc's loader (checked by ExampleEngineTests).
        .target(
            name: "MotionBenchExampleEngine",
            dependencies: ["CMotionBenchEngine"],
            path: "Examples/CEngine",
            linkerSettings: [
                .linkedLibrary("m"),
                .unsafeFlags(["-enable-experimental-feature", "Embedded"], .when(platforms: [.linux])),
            ]
        ),
        // The template a Swift team copies: an engine through the AnimationEngine protocol, run by the harness in-process
        // (`swift run -c release SwiftEngineTemplate`). It uses only the library products MotionEngine and MotionHarness.
        .executableTarget(
            name: "SwiftEngineTemplate",
            dependencies: ["MotionEngine", "MotionHarness"],
            path: "Examples/SwiftEngine"
        ),
        // Scenarios, the frame loop, the naive and stream comparisons, statistics and reports.
        .target(
            name: "MotionHarness",
            dependencies: ["CMotionBenchEngine", "MotionCore", "MotionEngine", "MotionOutput", "MotionSupport",
                           .product(name: "Histogram", package: "hdrhistogram-swift")],
            plugins: ["EmbedScenarios"]
        ),
        // The built-in scenarios: data/scenarios/*.json embedded in MotionHarness at build time as bytes (no resource
        // bundle, so a copied binary still has them). Adding a built-in scenario is adding one JSON file there.
        .plugin(name: "EmbedScenarios", capability: .buildTool(), dependencies: ["ScenarioEmbedder"]),
        .executableTarget(name: "ScenarioEmbedder", path: "Plugins/ScenarioEmbedder"),
        // Live captures of what real browser engines compute for CSS easing through the Web Animations API.
        .target(
            name: "MotionCapture",
            dependencies: ["MotionCore", "MotionOutput", "MotionReports", "MotionSupport"]
        ),
        // The CI gate: workloads, baselines, instruction counting, paired timing and the decision rules.
        .target(
            name: "MotionGate",
            dependencies: ["MotionCore", "MotionEngine", "MotionHarness", "MotionOutput", "MotionSupport"]
        ),
        // The thin command line.
        .executableTarget(
            name: "motionbench",
            dependencies: [
                "MotionCore",
                "MotionHarness",
                "MotionGate",
                "MotionSupport",
                "MotionReports",
                "MotionOutput",
                "MotionCapture",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The libFuzzer entry point for the spec parser and the scenario reader (scripts/fuzz.sh).
        .executableTarget(
            name: "MotionFuzz",
            dependencies: ["MotionHarness", "MotionGate", "MotionSupport"]
        ),
        // The package-benchmarks' shared metrics, thresholds and slowdown check.
        .target(
            name: "MotionBenchmarkSupport",
            dependencies: [.product(name: "Benchmark", package: "benchmark")],
            path: "Benchmarks/Support"
        ),
        benchmarkTarget("CurveBenchmarks"),
        benchmarkTarget("SpringBenchmarks"),
        benchmarkTarget("AnimationBenchmarks"),
        benchmarkTarget("FrameBenchmarks"),
        // MotionBench's solver beside the in-repo Chromium and WebKit strategies, same inputs, same call path
        // (scripts/solver-ratios.py prints the ratios per curve).
        .executableTarget(
            name: "SolverComparisonBenchmarks",
            dependencies: ["MotionCore", "MotionReports", "MotionBenchmarkSupport", .product(name: "Benchmark", package: "benchmark")],
            path: "Benchmarks/SolverComparisonBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // The plain C loop around an engine, and the benchmark that holds the harness's loop against it (and MotionCore's
        // batch through the engine interface against its store called directly): swift run -c release EngineOverhead.
        .target(name: "EngineLoopC", dependencies: ["CMotionBenchEngine"], path: "Benchmarks/EngineLoopC"),
        .executableTarget(
            name: "EngineOverhead",
            dependencies: ["EngineLoopC", "MotionCore", "MotionEngine", "MotionHarness"],
            path: "Benchmarks/EngineOverhead"
        ),
        // The test suite's one rule for a missing prerequisite (skip locally, fail with CI=true), shared by the test
        // targets that have such prerequisites.
        .target(name: "MotionTestSupport", path: "Tests/MotionTestSupport"),
        .testTarget(name: "MotionCoreTests", dependencies: ["MotionCore", .product(name: "BigInt", package: "BigInt")]),
        .testTarget(name: "MotionReportsTests", dependencies: ["MotionReports", "MotionReference", "MotionCore", "MotionOutput"]),
        .testTarget(name: "MotionHarnessTests", dependencies: ["MotionHarness", "MotionGate", "MotionSupport", "MotionCore", "MotionOutput"]),
        .testTarget(name: "MotionGateTests", dependencies: ["MotionGate", "MotionHarness", "MotionSupport", "MotionCore", "MotionOutput"]),
        .testTarget(name: "MotionReferenceTests", dependencies: ["MotionReference", "MotionCore"]),
        .testTarget(name: "MotionSupportTests", dependencies: ["MotionSupport", "MotionCore", "MotionTestSupport"]),
        .testTarget(name: "MotionEngineTests", dependencies: ["MotionEngine", "MotionCore", "MotionHarness", "MotionSupport",
                                                            "MotionTestSupport"]),
        // MotionReports only to hold the hard curves equal to the accuracy study's.
        .testTarget(name: "MotionCaptureTests", dependencies: ["MotionCapture", "MotionCore", "MotionSupport", "MotionOutput",
                                                             "MotionReports", "MotionTestSupport"]),
        .testTarget(name: "MotionBenchCLITests", dependencies: ["motionbench", "MotionCore", "MotionSupport", "MotionOutput",
                                                              "MotionHarness", "MotionGate", "MotionReports",
                                                              "MotionTestSupport"]),
        // The format registry and the report types it renders.
        .testTarget(name: "MotionOutputTests", dependencies: ["MotionOutput", "MotionCore", "MotionSupport", "MotionHarness",
                                                            "MotionGate", "MotionReports"]),
    ]
)
