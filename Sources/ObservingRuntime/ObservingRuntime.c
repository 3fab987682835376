// The functions are inline, in include/ObservingRuntime.h; a C target needs one source file.
#include "ObservingRuntime.h"
