// swift-tools-version: 6.0
import PackageDescription

// A consumer that depends on Observing by path and compiles the public API the way a client
// calls it. CI builds it, so a change that breaks a caller fails there.
let package = Package(
    name: "Consumer",
    dependencies: [.package(path: "../Observing")],
    targets: [
        .executableTarget(
            name: "Consumer",
            dependencies: [.product(name: "Observing", package: "Observing")]
        )
    ],
    swiftLanguageModes: [.v6]
)
