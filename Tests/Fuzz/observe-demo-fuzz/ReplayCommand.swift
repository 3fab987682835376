#if !FUZZING
    import Foundation

    /// Replays inputs without libFuzzer: `swift run observe-demo-fuzz FILE...` checks each file
    /// as the fuzzer would and prints what became of its lines.
    ///
    /// A crash found by `scripts/fuzz.sh` reproduces this way in a plain debug build, under the
    /// debugger. In the fuzz build (`FUZZING` defined) libFuzzer supplies `main` instead.
    @main
    struct ReplayCommand {
        static func main() {
            let paths = CommandLine.arguments.dropFirst()
            guard !paths.isEmpty else {
                print("usage: observe-demo-fuzz FILE...  (replays fuzz inputs; see scripts/fuzz.sh)")
                exit(2)
            }
            for path in paths {
                guard let bytes = FileManager.default.contents(atPath: path) else {
                    print("\(path): cannot read")
                    exit(2)
                }
                let tally = MainActor.assumeIsolated { EventStreamCheck.run(bytes) }
                print(
                    "\(path): \(tally.lines) lines: \(tally.applied) applied, \(tally.rejected) rejected,"
                        + " \(tally.blank) blank")
            }
        }
    }
#endif
