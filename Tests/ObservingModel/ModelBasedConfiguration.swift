import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The knobs of the model-based test, and the environment variables that override them.
///
/// A default run (a plain `swift test`) checks `sequenceCount` sequences of `stepCount` steps, a
/// short run of about 25 s on a 2-core machine; under ThreadSanitizer or AddressSanitizer,
/// `sanitizedSequenceCount`. CI runs the full count, 2,000 sequences, through
/// `OBSERVING_SEQUENCES=2000` (`.ci/run` says which steps).
///
/// - `OBSERVING_SEED=N`: run only the sequence of seed `N` (replay a reported failure).
/// - `OBSERVING_STEPS=K`: run only the first `K` steps of each sequence (with `OBSERVING_SEED`,
///   replay a prefix; `scripts/replay-seed.sh` uses it to shrink a crashing seed).
/// - `OBSERVING_SKIP_STEPS=3,7`: leave these steps (numbered from 1) out of the sequence
///   (`scripts/replay-seed.sh` uses it to shrink a crashing sequence further).
/// - `OBSERVING_SEQUENCES=N` and `OBSERVING_FIRST_SEED=S`: run seeds `S..<S+N` (explore more).
/// - `OBSERVING_ENGINE_SEMANTICS=1` (or `0`): override `engineSemanticsLanded` for one run.
/// - `OBSERVING_PAIR_SET_ORDER=1` (or `0`): override `pairSetOrderSettled` for one run.
/// - `OBSERVING_TRANSCRIPT=1`: print each step, as resolved, before the library runs it (the
///   last one printed before a trap is the one that trapped).
/// - `OBSERVING_VERBOSE=1`: print each seed before its sequence runs (the last one printed
///   before a trap is the seed that trapped); otherwise a run prints one summary line.
package enum ModelBasedConfiguration {
    /// Whether the delivery engine's rewrite has landed.
    ///
    /// Flip it to `true` with that change.
    ///
    /// It turns on the operations whose semantics the rewrite decides, each checked against
    /// the semantics the reference model gives it:
    /// - a set (or a `mutableArrayValue` mutation) of a property from inside one of its own
    ///   `.prior` callbacks: deferred, and made as a set of its own after the set in flight;
    /// - a set during the observed object's `deinit` while a queue-delivered observer is
    ///   registered: synchronous observers see it, queue-delivered ones receive nothing for it;
    /// - a two-way binding one of whose sides normalizes the value from a handler: both sides
    ///   end at the normalized value, with no extra writes;
    /// - replacing an `@Observed` property's storage from one of its handlers: the property works
    ///   on with the new storage, and the registrations on the old storage end.
    ///
    /// While it is `false` these operations are still generated, but they are skipped (a set
    /// from a prior callback, the normalizing binding's sets, the storage replacement) or made
    /// safe (no set in `deinit` while a queue-delivered observer is registered).
    static let engineSemanticsLanded = true

    /// Whether the order is settled of a set made from a prior callback of a manual change pair
    /// and the set the pair's maker then makes inside it.
    ///
    /// Settled as the library does it, in the order the two sets were made: the one the prior
    /// callback made is stored, as a set of its own, once the pair's prior calls are sent; the
    /// pair's own set then joins the pair, which notifies the value read at `willChangeValue`
    /// and the value it stored (as in KVO, which stores the first inside the prior call, the
    /// last set made is the value that remains). The model's `performSet` states the rule. With `false` (or `OBSERVING_PAIR_SET_ORDER=0`), such a
    /// set from a prior callback resolves to nothing.
    static let pairSetOrderSettled = true

    /// Sequences per default run: seeds `firstSeed..<firstSeed + sequenceCount`.
    ///
    /// Short, so that a plain `swift test` closes in under two minutes on a 2-core machine;
    /// CI asks for 2,000 with `OBSERVING_SEQUENCES`.
    static let sequenceCount = 200
    /// Sequences per default run under a sanitizer, which slows the test about sevenfold (the
    /// test is single-threaded but for its delivery queue, so ThreadSanitizer has little to see
    /// in it).
    static let sanitizedSequenceCount = 100
    /// Operations per sequence.
    static let stepCount = 200
    /// The first seed of a default run; fixed, so that every CI run checks the same sequences.
    static let firstSeed: UInt64 = 1

    /// Whether the engine's semantics are on for this run (the constant, or its override).
    package static var isEngineSemanticsOn: Bool {
        switch environment("OBSERVING_ENGINE_SEMANTICS") {
        case "1"?: true
        case "0"?: false
        default: engineSemanticsLanded
        }
    }

    /// Whether the order of the sets of a manual pair is checked (the constant, or its override).
    ///
    /// Read once: the model asks at every set, and reading the environment each time took a
    /// sixth of a fuzzed input's run.
    static let isPairSetOrderSettled: Bool = {
        switch environment("OBSERVING_PAIR_SET_ORDER") {
        case "1"?: true
        case "0"?: false
        default: pairSetOrderSettled
        }
    }()

    /// The seeds this run checks.
    package static var seeds: [UInt64] {
        if let seed = environment("OBSERVING_SEED").flatMap(UInt64.init) { return [seed] }
        let first = environment("OBSERVING_FIRST_SEED").flatMap(UInt64.init) ?? firstSeed
        let count =
            environment("OBSERVING_SEQUENCES").flatMap(Int.init)
            ?? (isSanitized ? sanitizedSequenceCount : sequenceCount)
        return (0..<UInt64(max(count, 0))).map { first + $0 }
    }

    /// The steps of each sequence this run makes.
    package static var steps: Int {
        environment("OBSERVING_STEPS").flatMap(Int.init).map { min(max($0, 0), stepCount) } ?? stepCount
    }

    /// Whether the process runs under ThreadSanitizer or AddressSanitizer (whose runtimes define
    /// these entry points).
    static var isSanitized: Bool {
        let process = dlopen(nil, RTLD_NOW)
        return dlsym(process, "__tsan_init") != nil || dlsym(process, "__asan_init") != nil
    }

    /// The steps to leave out, numbered from 1.
    package static var skippedSteps: Set<Int> {
        Set((environment("OBSERVING_SKIP_STEPS") ?? "").split(separator: ",").compactMap { Int($0) })
    }

    /// Whether to print each resolved step before the library runs it.
    package static var printsTranscript: Bool {
        environment("OBSERVING_TRANSCRIPT") == "1"
    }

    /// Whether to print each seed before its sequence runs.
    package static var isVerbose: Bool {
        environment("OBSERVING_VERBOSE") == "1"
    }

    private static func environment(_ name: String) -> String? {
        ProcessInfo.processInfo.environment[name]
    }
}
