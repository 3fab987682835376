/// Whether this executable was compiled without optimization, which makes every figure
/// meaningless (unspecialized generics, no inlining, exclusivity checks everywhere).
var isUnoptimizedBuild: Bool {
    #if DEBUG
        return true
    #else
        return _isDebugAssertConfiguration()
    #endif
}
