// swift-tools-version: 6.0
import Foundation
import PackageDescription

// observe-bench, a package of its own so that `swift build` and `swift test` of the library
// never build it. It depends on the repository by path and uses the products a client gets:
// Observing, TabBarModel and ObserveDemoCore (workload W8, the demo's event path).
//
//     swift run --package-path Benchmarks -c release observe-bench --help
//
// SwiftPM names a path dependency after its folder, which is whatever the clone is called, so
// the name is read from the path rather than written here.
let repository = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent()
    .standardizedFileURL

let package = Package(
    name: "ObservingBenchmarks",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [.executable(name: "observe-bench", targets: ["observe-bench"])],
    dependencies: [.package(path: "..")],
    targets: [
        .executableTarget(
            name: "observe-bench",
            dependencies: [
                .product(name: "Observing", package: repository.lastPathComponent),
                .product(name: "TabBarModel", package: repository.lastPathComponent),
                .product(name: "ObserveDemoCore", package: repository.lastPathComponent),
            ]
        )
    ],
    swiftLanguageModes: [.v6]
)
