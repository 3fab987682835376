// swift-tools-version: 6.0
import Foundation
import PackageDescription

// A consumer that depends on Observing by path and compiles the public API the way a client
// calls it. CI builds it, so a change that breaks a caller fails there.
//
// The dependency is the repository itself, two folders up. SwiftPM names a path dependency
// after its folder, which is whatever the clone is called, so the name is read from the path
// rather than written here (or supplied by a symbolic link, which some checkouts cannot hold).
let repository = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .standardizedFileURL

let package = Package(
    name: "Consumer",
    dependencies: [.package(path: repository.path)],
    targets: [
        .executableTarget(
            name: "Consumer",
            dependencies: [.product(name: "Observing", package: repository.lastPathComponent)]
        )
    ],
    swiftLanguageModes: [.v6]
)
