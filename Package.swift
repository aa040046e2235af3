// swift-tools-version: 6.1
import PackageDescription

let package = Package(
  name: "PageTrace",
  products: [
    .library(name: "PageTrace", targets: ["PageTrace"])
  ],
  targets: [
    // The engine: configuration, events, records and the reducer. No Foundation.
    .target(name: "PageTrace", dependencies: ["_PageTraceMath"]),
    // libm's pow for the jog rate, without importing Foundation or Glibc.
    .target(
      name: "_PageTraceMath",
      linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux, .android, .openbsd]))]),
    .testTarget(name: "PageTraceTests", dependencies: ["PageTrace"]),
  ]
)
