// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "PageTrace",
  products: [
    .library(name: "PageTrace", targets: ["PageTrace"]),
    .library(name: "PageTraceIO", targets: ["PageTraceIO"]),
    .executable(name: "pagetrace", targets: ["pagetrace"]),
  ],
  targets: [
    // The engine: configuration, events, records and the reducer. No Foundation.
    .target(name: "PageTrace", dependencies: ["_PageTraceMath"]),
    // libm's pow for the jog rate, without importing Foundation or Glibc.
    .target(
      name: "_PageTraceMath",
      linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux, .android, .openbsd]))]),
    // Trace I/O: line reading, JSON decoding, configuration and record writing. No Foundation.
    .target(name: "PageTraceIO", dependencies: ["PageTrace"]),
    // The command-line tool.
    .executableTarget(name: "pagetrace", dependencies: ["PageTrace", "PageTraceIO"]),
    .testTarget(name: "PageTraceTests", dependencies: ["PageTrace"]),
    .testTarget(name: "PageTraceIOTests", dependencies: ["PageTraceIO"]),
    // End-to-end tests: they run the built `pagetrace` executable.
    .testTarget(name: "PageTraceCLITests", dependencies: ["pagetrace"]),
  ]
)
