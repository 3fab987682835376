// The Swift runtime's reference-counting entry points that Observing's observer entries use to
// hold an observer unowned and retain it only while it is alive (Sources/Observing,
// Internal/Lifetime/UnownedObject.swift). Every Swift runtime exports them (its HeapObject.h
// declares them, with the C calling convention); the standard library offers no tryRetain for
// an unowned reference. Each takes the address of a Swift object whose memory the caller keeps
// valid with an unowned count. Below them, the thread-local pointer of Observing's tracked read.
#ifndef OBSERVING_RUNTIME_H
#define OBSERVING_RUNTIME_H

#include <stdbool.h>

extern void *_Nonnull swift_unownedRetain(void *_Nonnull object);
extern void swift_unownedRelease(void *_Nonnull object);
// Returns the object, retained, or null when its deinit has begun.
extern void *_Nullable swift_tryRetain(void *_Nonnull object);
extern bool swift_isDeallocating(void *_Nonnull object);

/// Increments the object's unowned count: its memory stays until the matching release.
static inline void observing_unownedRetain(void *_Nonnull object) { (void)swift_unownedRetain(object); }

/// Decrements the object's unowned count, freeing its memory at zero.
static inline void observing_unownedRelease(void *_Nonnull object) { swift_unownedRelease(object); }

/// Increments the object's strong count unless its deinit has begun; returns whether it did.
static inline bool observing_tryRetain(void *_Nonnull object) { return swift_tryRetain(object) != 0; }

/// Whether the object's deinit has begun.
static inline bool observing_isDeallocating(void *_Nonnull object) { return swift_isDeallocating(object); }

// The current thread's access tracker (Sources/Observing, Internal/Tracking/AccessTracking.swift):
// a pointer to the tracker on the stack of the tracked read running on this thread, or null.
// A C11 thread-local, which Swift cannot declare: a read is a load through the thread pointer,
// where pthread_getspecific and pthread_setspecific are calls (about 100 instructions per
// tracked read, callgrind). On Linux the initial-exec model makes each access two loads, with
// no call to __tls_get_addr, also when Observing is built into a shared library.
//
// Defined here, static, rather than in ObservingRuntime.c, so that no C source carries it:
// clang's DWARF 5 debug information for a C file that defines anything makes valgrind 3.19
// (Debian 12's, which scripts/count-instructions.sh uses) give up on the whole executable.
// Being static, each object file that uses it has its own: only AccessTracking.swift calls the
// two functions below, from Swift accessors marked @inline(never) (a release build writes one
// object file per Swift source, and an accessor inlined into another file would read that
// file's copy), so the library has one slot per thread. A weak, hidden definition instead
// (one slot per linked image, whatever is inlined: tried, release tests pass) makes clang emit
// the same DWARF 5 for the variable, and valgrind gives up as above.
#if defined(__linux__)
#define OBSERVING_TLS_MODEL __attribute__((tls_model("initial-exec")))
#else
#define OBSERVING_TLS_MODEL
#endif
static _Thread_local void *_Nullable observing_trackerSlot OBSERVING_TLS_MODEL = 0;

/// The current thread's tracker, or null when no tracked read runs on this thread.
static inline void *_Nullable observing_currentTracker(void) { return observing_trackerSlot; }

/// Makes `tracker` (or null) the current thread's tracker.
static inline void observing_setCurrentTracker(void *_Nullable tracker) { observing_trackerSlot = tracker; }

#endif
