// swift-tools-version: 6.1
// Helpers that make the fuzz seeds; built without sanitizers (`swift build` here), never by
// the fuzz build. See ../README.md.
import PackageDescription

let package = Package(
  name: "PageTraceFuzzTools",
  dependencies: [.package(name: "PageTrace", path: "../..")],
  targets: [
    .executableTarget(
      name: "make-binary-seed",
      dependencies: [
        .product(name: "PageTrace", package: "PageTrace"),
        .product(name: "PageTraceIO", package: "PageTrace"),
      ])
  ]
)
