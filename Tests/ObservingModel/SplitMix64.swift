/// Where the generator of sequences draws its choices: a seeded `SplitMix64` (the test), or
/// the fuzzer's bytes (`ByteStreamSource`).
protocol ModelRandomSource {
    /// A pick: a number that a step reduces modulo what exists when it runs.
    mutating func next() -> UInt64

    /// A number in `0..<bound`.
    mutating func below(_ bound: Int) -> Int
}

extension ModelRandomSource {
    /// `true` with the given probability, in percent.
    mutating func chance(_ percent: Int) -> Bool {
        below(100) < percent
    }
}

/// A seeded random number generator (SplitMix64): the same seed gives the same numbers on every
/// machine and run, so a printed seed replays its sequence exactly.
struct SplitMix64: RandomNumberGenerator, ModelRandomSource {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var mixed = state
        mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
        mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
        return mixed ^ (mixed >> 31)
    }

    /// A number in `0..<bound`.
    mutating func below(_ bound: Int) -> Int {
        Int(next() % UInt64(bound))
    }

    /// `count` distinct positions out of `0..<range`, ascending, chosen by `pick`.
    static func distinctPositions(_ count: Int, in range: Int, pick: UInt64) -> [Int] {
        var generator = SplitMix64(seed: pick)
        var positions = Array(0..<range)
        for index in 0..<min(count, range) {
            positions.swapAt(index, index + generator.below(range - index))
        }
        return positions.prefix(count).sorted()
    }
}
