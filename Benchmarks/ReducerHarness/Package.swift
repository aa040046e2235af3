// swift-tools-version: 6.1
import PackageDescription

// The reducer's instruction harness: `PageControlEngine.handle` over in-memory `EngineEvent`s,
// for callgrind (Benchmarks/reducer-instructions.sh runs it). A package of its own, beside the
// benchmarks, so that it builds in seconds and depends on nothing but the root.
let package = Package(
  name: "ReducerHarness",
  dependencies: [.package(name: "PageTrace", path: "../..")],
  targets: [
    .executableTarget(
      name: "reducer-harness",
      dependencies: [
        .product(name: "PageTrace", package: "PageTrace"),
        .product(name: "PageTraceGenerator", package: "PageTrace"),
      ],
      path: "Sources/ReducerHarness")
  ]
)
