// swift-tools-version: 6.1
import PackageDescription

// CI's sanitizer runs test the libraries alone (the executables are fuzzed with sanitizers
// instead) and set PAGETRACE_LIBRARY_TESTS_ONLY, so that they compile neither the executables
// nor the end-to-end test target that runs them; PAGETRACE_TEST_TARGETS (names, comma-separated)
// keeps only those test targets (the ThreadSanitizer run's suites are all in one). SwiftPM
// evaluates the manifest again when either changes.
let libraryTestsOnly = Context.environment["PAGETRACE_LIBRARY_TESTS_ONLY"] != nil
// `swift build`, `swift run` and `swift test` build the libraries, the tool and the tests a
// newcomer runs. PAGETRACE_EXTRAS=1 adds the examples, the doc samples and the checks, and the
// long tests that run them or measure memory bounds: named steps of .ci/run.
let extras = Context.environment["PAGETRACE_EXTRAS"] != nil
let testTargetNames = Context.environment["PAGETRACE_TEST_TARGETS"].map {
  Set($0.split(separator: ",").map(String.init))
}

let package = Package(
  name: "PageTrace",
  products: [
    .library(name: "PageTrace", targets: ["PageTrace"]),
    .library(name: "PageTraceIO", targets: ["PageTraceIO"]),
    .library(name: "PageTraceImport", targets: ["PageTraceImport"]),
    .library(name: "PageTraceAnalysis", targets: ["PageTraceAnalysis"]),
    .library(name: "PageTraceGenerator", targets: ["PageTraceGenerator"]),
  ] + (libraryTestsOnly ? [] : [.executable(name: "pagetrace", targets: ["pagetrace"])]),
  targets: [
    // The engine: configuration, events, records and the reducer. No Foundation.
    .target(name: "PageTrace", dependencies: ["_PageTraceMath"]),
    // The C library's numerics through a shim: libm's pow for the jog rate (without importing
    // Foundation or Glibc into the engine), and printf's fixed-point rounding for the I/O layer.
    .target(
      name: "_PageTraceMath",
      linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux, .android, .openbsd]))]),
    // The number code: decimal text to the nearest double, doubles to their shortest digits,
    // and the generated tables of both. No Foundation.
    .target(name: "_PageTraceNumbers", dependencies: ["_PageTraceMath"]),
    // The system's zlib (libz, present on every Linux), for gzip-compressed traces.
    .systemLibrary(name: "_PageTraceZlib"),
    // Trace I/O along the pipeline: Input, JSON and Binary, Import, Replay, Output (and Platform).
    // No Foundation.
    .target(
      name: "PageTraceIO",
      dependencies: ["PageTrace", "_PageTraceNumbers", "_PageTraceMath", "_PageTraceZlib"]),
    // Recordings in other formats (CSV, Android getevent, W3C Pointer Events) read as traces,
    // and the inspection of an input. No Foundation.
    .target(name: "PageTraceImport", dependencies: ["PageTrace", "PageTraceIO"]),
    // What is learnt from a replay: stroke classes, statistics, guideline lint, SVG timelines.
    .target(name: "PageTraceAnalysis", dependencies: ["PageTrace", "PageTraceIO"]),
    // Deterministic realistic traces, for benchmarks and anyone.
    .target(name: "PageTraceGenerator", dependencies: ["PageTrace"]),
    // What the test targets share: the phone fixture and event builders, temporary files.
    .target(
      name: "PageTraceTestSupport", dependencies: ["PageTrace"], path: "Tests/PageTraceTestSupport"),
  ]
    + (libraryTestsOnly ? [] : [tool])
    + (extras && !libraryTestsOnly ? examplesAndChecks : [])
    + libraryTests.filter { testTargetNames?.contains($0.name) ?? true }
    + (libraryTestsOnly ? [] : [endToEndTests])
)

/// The command-line tool.
var tool: Target {
  .executableTarget(
    name: "pagetrace",
    dependencies: [
      "PageTrace", "PageTraceIO", "PageTraceImport", "PageTraceAnalysis", "PageTraceGenerator",
    ])
}

/// With PAGETRACE_EXTRAS: the examples, the doc samples and the checks CI runs.
var examplesAndChecks: [Target] {
  [
    // The README's embedding example, run by the tests.
    .executableTarget(
      name: "embedding-example", dependencies: ["PageTrace", "PageTraceIO"],
      path: "Examples/Embedding"),
    // A live loop on the engine's clock: events from standard input, records as they happen.
    .executableTarget(
      name: "live-loop", dependencies: ["PageTrace", "PageTraceIO"], path: "Examples/LiveLoop"),
    // Every Swift sample of the docs and doc comments, one function each, written by
    // .ci/generate-doc-samples.py, run by the tests.
    .executableTarget(
      name: "doc-samples",
      dependencies: [
        "PageTrace", "PageTraceIO", "PageTraceImport", "PageTraceAnalysis", "PageTraceGenerator",
      ],
      path: "Examples/DocSamples"),
    // The shortest-digits printer against the standard library's `description` on 10^7
    // random doubles, run by CI in the portable binary's release build.
    .executableTarget(
      name: "shortest-digits-check", dependencies: ["PageTraceIO", "PageTraceGenerator"],
      path: "Tests/ShortestDigitsCheck"),
  ]
}

/// The libraries' tests.
var libraryTests: [Target] {
  [
    .testTarget(
      name: "PageTraceTests",
      dependencies: ["PageTrace", "PageTraceGenerator", "PageTraceTestSupport"]),
    .testTarget(
      name: "PageTraceIOTests",
      dependencies: [
        "PageTraceIO", "PageTraceImport", "_PageTraceNumbers", "PageTraceGenerator",
        "PageTraceTestSupport",
      ]),
    .testTarget(
      name: "PageTraceImportTests",
      dependencies: ["PageTraceImport", "PageTraceIO", "PageTraceTestSupport"]),
    .testTarget(
      name: "PageTraceAnalysisTests",
      dependencies: [
        "PageTraceAnalysis", "PageTraceIO", "PageTraceGenerator", "PageTraceTestSupport",
      ]),
    .testTarget(
      name: "PageTraceBinaryTests",
      dependencies: ["PageTraceIO", "PageTraceGenerator", "PageTraceTestSupport"]),
    .testTarget(name: "PageTraceGeneratorTests", dependencies: ["PageTraceGenerator"]),
  ]
}

/// End-to-end tests: they run the built `pagetrace` executable; with PAGETRACE_EXTRAS, the
/// examples too, and the long ones.
var endToEndTests: Target {
  .testTarget(
    name: "PageTraceCLITests",
    dependencies: ["pagetrace", "PageTraceIO", "PageTraceImport"]
      + (extras ? ["embedding-example", "live-loop", "doc-samples"] : []),
    exclude: extras ? [] : extraTests.map { "\($0).swift" })
}

/// The suites of PageTraceCLITests that only PAGETRACE_EXTRAS builds: those that run the
/// examples and doc samples, and the memory bounds on hundreds of thousands of sessions.
var extraTests: [String] {
  [
    "DocSamplesTests", "EmbeddingExampleTests", "LiveLoopExampleTests", "NameMemoryTests",
    "MemoryBoundsTests",
  ]
}
