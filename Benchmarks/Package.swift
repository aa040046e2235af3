// swift-tools-version: 6.1
import PackageDescription

// The benchmarks of PageTrace: run from this directory with
//   swift package benchmark --no-progress
let package = Package(
  name: "PageTraceBenchmarks",
  platforms: [.macOS(.v15)],
  dependencies: [
    .package(name: "PageTrace", path: ".."),
    .package(
      url: "https://github.com/ordo-one/benchmark", exact: "1.38.1",
      traits: ["MallocInterposer"]),
  ],
  targets: [
    .executableTarget(
      name: "PageTraceBenchmarks",
      dependencies: [
        .product(name: "Benchmark", package: "benchmark"),
        .product(name: "PageTrace", package: "PageTrace"),
        .product(name: "PageTraceIO", package: "PageTrace"),
        .product(name: "PageTraceAnalysis", package: "PageTrace"),
        .product(name: "PageTraceGenerator", package: "PageTrace"),
      ],
      path: "Benchmarks/PageTraceBenchmarks",
      plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
    )
  ]
)
