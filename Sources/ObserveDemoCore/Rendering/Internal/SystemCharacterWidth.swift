#if canImport(Glibc)
    import Glibc
#endif

/// The C library's `wcwidth`, evaluated in the `C.UTF-8` locale without changing the process's.
///
/// `wcwidth` answers by the calling thread's `LC_CTYPE`, which in a program that never called
/// `setlocale` is "C" (every non-ASCII character unprintable). Rather than switching the whole
/// process with `setlocale(LC_CTYPE, "C.UTF-8")`, which is not thread-safe and would change
/// other code's behaviour, each call installs a `C.UTF-8` locale object on its own thread with
/// `uselocale` and restores the previous one. The Glibc module does not export `wcwidth` (its
/// header declares it only under `_XOPEN_SOURCE`), so it is looked up with `dlsym`. Elsewhere,
/// or without the locale, ``shared`` is `nil` and ``CharacterWidthTable`` is used.
struct SystemCharacterWidth: @unchecked Sendable {
    // Unchecked: the locale is never changed or freed, `uselocale` is per thread, `wcwidth` is pure.
    private let function: @convention(c) (wchar_t) -> Int32
    private let locale: locale_t

    /// The facility, or `nil` where the C library or the locale lacks it.
    static let shared: SystemCharacterWidth? = load()

    /// The scalar's width in columns, or -1 for an unassigned or non-printing character.
    func width(of scalar: Unicode.Scalar) -> Int {
        let previous = uselocale(locale)
        defer { uselocale(previous) }
        return Int(function(wchar_t(bitPattern: scalar.value)))
    }

    private static func load() -> SystemCharacterWidth? {
        #if canImport(Glibc)
            guard let locale = newlocale(LC_CTYPE_MASK, "C.UTF-8", nil),
                let symbol = dlsym(dlopen(nil, RTLD_LAZY), "wcwidth")
            else { return nil }
            // The symbol is the C library's `int wcwidth(wchar_t)`, which this type matches.
            let function = unsafeBitCast(symbol, to: (@convention(c) (wchar_t) -> Int32).self)
            return SystemCharacterWidth(function: function, locale: locale)
        #else
            return nil
        #endif
    }
}
