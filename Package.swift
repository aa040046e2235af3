// swift-tools-version: 6.1
import PackageDescription

// CI's sanitizer runs test the libraries alone (the executables are fuzzed with sanitizers
// instead) and set PAGETRACE_LIBRARY_TESTS_ONLY, so that they compile neither the executables
// nor the end-to-end test target that runs them; PAGETRACE_TEST_TARGETS (names, comma-separated)
// keeps only those test targets (the ThreadSanitizer run's suites are all in one). SwiftPM
// evaluates the manifest again when either changes.
let libraryTestsOnly = Context.environment["PAGETRACE_LIBRARY_TESTS_ONLY"] != nil
let testTargetNames = Context.environment["PAGETRACE_TEST_TARGETS"].map {
  Set($0.split(separator: ",").map(String.init))
}

let package = Package(
  name: "PageTrace",
  products: [
    .library(name: "PageTrace", targets: ["PageTrace"]),
    .library(name: "PageTraceIO", targets: ["PageTraceIO"]),
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
    // What is learnt from a replay: stroke classes, statistics, guideline lint, SVG timelines.
    .target(name: "PageTraceAnalysis", dependencies: ["PageTrace", "PageTraceIO"]),
    // Deterministic realistic traces, for benchmarks and anyone.
    .target(name: "PageTraceGenerator", dependencies: ["PageTrace"]),
    // What the test targets share: the phone fixture and event builders, temporary files.
    .target(
      name: "PageTraceTestSupport", dependencies: ["PageTrace"], path: "Tests/PageTraceTestSupport"),
  ]
    + (libraryTestsOnly ? [] : executables)
    + libraryTests.filter { testTargetNames?.contains($0.name) ?? true }
    + (libraryTestsOnly ? [] : [endToEndTests])
)

/// The command-line tool, the examples and the checks CI runs in release builds.
var executables: [Target] {
  [
    // The command-line tool.
    .executableTarget(
      name: "pagetrace",
      dependencies: ["PageTrace", "PageTraceIO", "PageTraceAnalysis", "PageTraceGenerator"]),
    // The README's embedding example, built with everything else and run by the tests.
    .executableTarget(
      name: "embedding-example", dependencies: ["PageTrace", "PageTraceIO"],
      path: "Examples/Embedding"),
    // A live loop on the engine's clock: events from standard input, records as they happen.
    .executableTarget(
      name: "live-loop", dependencies: ["PageTrace", "PageTraceIO"], path: "Examples/LiveLoop"),
    // Every Swift sample of the docs and doc comments, one function each, written by
    // .ci/generate-doc-samples.py; built with everything else and run by the tests.
    .executableTarget(
      name: "doc-samples",
      dependencies: ["PageTrace", "PageTraceIO", "PageTraceAnalysis", "PageTraceGenerator"],
      path: "Examples/DocSamples"),
    // The release-mode check of the shortest-digits printer against the standard library's
    // `description` on 10^7 random doubles, run by CI in the portable binary's release build.
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
        "PageTraceIO", "_PageTraceNumbers", "PageTraceGenerator", "PageTraceTestSupport",
      ]),
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

/// End-to-end tests: they run the built `pagetrace` executable and the examples.
var endToEndTests: Target {
  .testTarget(
    name: "PageTraceCLITests",
    dependencies: ["pagetrace", "embedding-example", "live-loop", "doc-samples", "PageTraceIO"])
}
