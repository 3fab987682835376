// swift-tools-version: 6.0
//
// Observing: key-value observing for Swift classes on Linux and Apple platforms.
// Copyright 2026 the Observing authors. Licensed under the Apache License, Version 2.0;
// see LICENSE.txt. Version and changes: CHANGELOG.md.
import PackageDescription

let package = Package(
    name: "Observing",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "Observing", targets: ["Observing"]),
        .library(name: "TabBarModel", targets: ["TabBarModel"]),
        // The demo's engine, a product only so that the benchmark package (Benchmarks/) can
        // time the demo's event path (observe-bench W8); observe-demo is its one front end.
        .library(name: "ObserveDemoCore", targets: ["ObserveDemoCore"]),
        .executable(name: "observe-demo", targets: ["observe-demo"]),
    ],
    targets: [
        .target(name: "Observing", dependencies: ["ObservingRuntime"]),
        // Four entry points of the Swift runtime that no standard-library API reaches (a retain
        // of an unowned reference only while its object lives), for observer entries, and the
        // thread-local pointer of the tracked read (a C11 `_Thread_local`, which Swift lacks).
        .target(name: "ObservingRuntime"),
        .target(name: "TabBarModel", dependencies: ["Observing"]),
        .target(name: "ObserveDemoCore", dependencies: ["TabBarModel", "Observing"]),
        .executableTarget(name: "observe-demo", dependencies: ["ObserveDemoCore"]),
        // The libFuzzer target over the demo's event input; scripts/fuzz.sh builds it with
        // `--sanitize fuzzer -Xswiftc -DFUZZING`. Built plainly, it replays input files.
        .executableTarget(
            name: "observe-demo-fuzz", dependencies: ["ObserveDemoCore"], path: "Tests/Fuzz/observe-demo-fuzz"
        ),
        // The model-based test's generator, reference model, live world and runner: shared by
        // its suite and by observe-core-fuzz (an executable cannot depend on a test target).
        // Not a product; its API is `package`.
        .target(name: "ObservingModel", dependencies: ["Observing"], path: "Tests/ObservingModel"),
        // The libFuzzer target over the model-based test: the fuzzer's bytes drive its generator,
        // and the library must agree with the reference model (scripts/fuzz-core.sh).
        .executableTarget(
            name: "observe-core-fuzz", dependencies: ["ObservingModel"], path: "Tests/Fuzz/observe-core-fuzz"),
        // The app shell's model-based test: its generator, reference model of UIKit's rules, live
        // world and runner, shared by TabBarModelTests and by app-shell-fuzz, as ObservingModel is.
        .target(
            name: "AppShellModel", dependencies: ["TabBarModel", "Observing"], path: "Tests/AppShellModel"),
        // The libFuzzer target over the app shell's model-based test (scripts/fuzz-app-shell.sh).
        .executableTarget(
            name: "app-shell-fuzz", dependencies: ["AppShellModel"], path: "Tests/Fuzz/app-shell-fuzz"),
        .testTarget(name: "ObservingTests", dependencies: ["Observing", "ObservingModel"]),
        .testTarget(name: "TabBarModelTests", dependencies: ["TabBarModel", "Observing", "AppShellModel"]),
        .testTarget(name: "ObserveDemoTests", dependencies: ["ObserveDemoCore", "TabBarModel"]),
    ],
    swiftLanguageModes: [.v6]
)
