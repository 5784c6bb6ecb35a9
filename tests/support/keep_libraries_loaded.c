/* Preloaded into the sanitizer test runs: every dlopen'ed library stays loaded (RTLD_NODELETE).
 * The Vulkan loader unloads drivers and layers at vkDestroyInstance; their globals still point
 * at memory they allocated, and once the library is unmapped LeakSanitizer no longer sees those
 * pointers and reports the memory as leaked in an "<unknown module>". Keeping the libraries
 * mapped removes those false reports while real leaks in our code are still found. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <string.h>

typedef void* (*dlopen_fn)(const char*, int);

void* dlopen(const char* file, int mode) {
    static dlopen_fn real;
    if (!real) {
        void* symbol = dlsym(RTLD_NEXT, "dlopen");
        memcpy(&real, &symbol, sizeof real); /* ISO C has no object-to-function pointer cast */
    }
    return real(file, mode | RTLD_NODELETE);
}
