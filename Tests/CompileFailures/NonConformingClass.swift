// Must NOT compile: @Observed reaches its object through the enclosing-instance subscript, which
// requires KeyValueObservable. The compiler reports it at <unknown>:0, without the user's line,
// so GettingStarted.md quotes this text; the check keeps it naming the missing conformance.
// expected-error: requires that 'Card' conform to 'KeyValueObservable'
import Observing

final class Card {
    @Observed var title = ""
}
