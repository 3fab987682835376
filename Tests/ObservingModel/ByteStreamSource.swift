/// A random source that reads a fuzzer's bytes in place of `SplitMix64`'s draws, so that every
/// byte string is a valid sequence and a mutated byte changes one choice.
///
/// A choice among at most 256 takes one byte, among more (the roll of a top-level step, out of
/// 1,150) two, big-endian; a pick (`next()`) takes two, as picks are reduced modulo the few
/// things that exist. Past the end every draw reads 0.
struct ByteStreamSource: ModelRandomSource {
    private let bytes: [UInt8]
    private var offset = 0

    /// Whether every byte has been read.
    var isExhausted: Bool { offset >= bytes.count }

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    mutating func next() -> UInt64 {
        read(2)
    }

    mutating func below(_ bound: Int) -> Int {
        guard bound > 1 else { return 0 }
        var count = 1
        while count < 8, UInt64(bound) > 1 << (8 * UInt64(count)) { count += 1 }
        return Int(read(count) % UInt64(bound))
    }

    private mutating func read(_ count: Int) -> UInt64 {
        var value: UInt64 = 0
        for _ in 0..<count {
            value = value << 8 | UInt64(offset < bytes.count ? bytes[offset] : 0)
            offset += 1
        }
        return value
    }
}

extension ModelRunner {
    /// The sequence that `bytes` spell, read by `ByteStreamSource`.
    ///
    /// The world's set-up choices, then steps until the bytes run out (at most
    /// `ModelBasedConfiguration.stepCount`). Its seed is 0.
    package static func sequence(bytes: [UInt8]) -> Sequence {
        var source = ByteStreamSource(bytes)
        let normalizerSide = source.below(2)
        let normalizerFirst = source.chance(50)
        var steps: [ModelStep] = []
        while !source.isExhausted, steps.count < ModelBasedConfiguration.stepCount {
            steps.append(ModelStep.topLevel(using: &source))
        }
        return Sequence(
            seed: 0, steps: steps, normalizerSide: normalizerSide, normalizerFirst: normalizerFirst)
    }
}
