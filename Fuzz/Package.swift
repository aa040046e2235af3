// swift-tools-version: 6.1
// The fuzz targets of PageTrace: a separate package, so the library's own build and tests
// never see libFuzzer. Build (see README.md):
//   swift build -c release --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address
import PackageDescription

// Each fuzz target is one file that defines `LLVMFuzzerTestOneInput`; libFuzzer supplies
// `main`, so the file is compiled as a library (no top-level code, no `@main`).
let fuzzTargetSettings: [SwiftSetting] = [.unsafeFlags(["-parse-as-library"])]

let fuzzTargets = [
  "FuzzJSONLines", "FuzzBinary", "FuzzCSV", "FuzzGetevent", "FuzzPointerEvents", "FuzzReducer",
  "FuzzPaths",
]

let package = Package(
  name: "PageTraceFuzz",
  dependencies: [.package(name: "PageTrace", path: "..")],
  targets: [
    // What the targets share: the scratch input file, the replay loop and the invariant checker,
    // and the check of classify's loop against it.
    .target(
      name: "FuzzSupport",
      dependencies: [
        .product(name: "PageTrace", package: "PageTrace"),
        .product(name: "PageTraceIO", package: "PageTrace"),
        .product(name: "PageTraceAnalysis", package: "PageTrace"),
      ])
  ]
    + fuzzTargets.map { name in
      .executableTarget(
        name: name,
        dependencies: [
          "FuzzSupport",
          .product(name: "PageTrace", package: "PageTrace"),
          .product(name: "PageTraceIO", package: "PageTrace"),
          .product(name: "PageTraceImport", package: "PageTrace"),
        ],
        swiftSettings: fuzzTargetSettings)
    }
)
