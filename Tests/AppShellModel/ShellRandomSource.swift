/// Where the generator of app-shell sequences draws its choices: a seeded `ShellSplitMix64`
/// (the test), or a fuzzer's bytes (`ShellByteSource`).
package protocol ShellRandomSource {
    /// A number in `0..<bound` (0 when `bound` is at most 1).
    mutating func below(_ bound: Int) -> Int
}

extension ShellRandomSource {
    /// `true` with the given probability, in percent.
    mutating func chance(_ percent: Int) -> Bool {
        below(100) < percent
    }
}

/// A seeded random number generator (SplitMix64): the same seed gives the same sequence on
/// every machine and run, so a printed seed replays its sequence exactly.
package struct ShellSplitMix64: ShellRandomSource {
    private var state: UInt64

    package init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    package mutating func below(_ bound: Int) -> Int {
        bound > 1 ? Int(next() % UInt64(bound)) : 0
    }
}

/// A random source that reads a fuzzer's bytes, one byte per choice.
///
/// Every choice of the generator is among fewer than 256, so every byte string is a valid sequence and a mutated
/// byte changes one choice. Past the end every draw reads 0.
package struct ShellByteSource: ShellRandomSource {
    private let bytes: [UInt8]
    private var offset = 0

    /// Whether every byte has been read.
    package var isExhausted: Bool { offset >= bytes.count }

    package init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    package mutating func below(_ bound: Int) -> Int {
        defer { offset += 1 }
        guard bound > 1, offset < bytes.count else { return 0 }
        return Int(bytes[offset]) % bound
    }
}
