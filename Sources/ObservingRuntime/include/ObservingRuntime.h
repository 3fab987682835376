// The Swift runtime's reference-counting entry points that Observing's observer entries use to
// hold an observer unowned and retain it only while it is alive (Sources/Observing,
// Internal/Lifetime/UnownedObject.swift). Every Swift runtime exports them (its HeapObject.h
// declares them, with the C calling convention); the standard library offers no tryRetain for
// an unowned reference. Each takes the address of a Swift object whose memory the caller keeps
// valid with an unowned count.
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

#endif
