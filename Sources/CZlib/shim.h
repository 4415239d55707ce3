#ifndef BROADSHEET_CZLIB_SHIM_H
#define BROADSHEET_CZLIB_SHIM_H

#include <zlib.h>

// inflateInit2 is a macro, which Swift cannot call: wrap it. 15 + 32 reads gzip and zlib
// streams alike, recognised by their header.
static inline int broadsheet_inflate_init(z_streamp stream) {
    return inflateInit2(stream, 15 + 32);
}

// Raw deflate (no header), which some servers send as "Content-Encoding: deflate".
static inline int broadsheet_inflate_init_raw(z_streamp stream) {
    return inflateInit2(stream, -15);
}

#endif
