/*
 * bufput.c - the slow paths of bufput.h's appends: growing a buffer from the arena, under a lock while
 * printing threads run; the table of two-digit numbers that mo_put_ll writes from.
 *
 * Input: a buffer that lacks room, or a size. Output: the append done, or zeroed arena memory.
 * Preconditions: between mo_put_threads(true) and mo_put_threads(false), the threads that run allocate
 * only through these two functions (the arena itself has no lock: one for every mo_alloc of the
 * compiler would cost more than printing in parallel gains).
 */
#include "bufput.h"

#include <pthread.h>

/* "00" "01" ... "99" (bufput.h); exactly 200 bytes, no terminating NUL */
const char mo_digits2[200] =
    "0001020304050607080910111213141516171819"
    "2021222324252627282930313233343536373839"
    "4041424344454647484950515253545556575859"
    "6061626364656667686970717273747576777879"
    "8081828384858687888990919293949596979899";

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static bool threads_on;

void mo_put_threads(bool on) { threads_on = on; }

void mo_put_grow(mo_buf *b, const char *s, size_t n)
{
    if (!threads_on) {
        mo_buf_putn(b, s, n);
        return;
    }
    pthread_mutex_lock(&lock);
    mo_buf_putn(b, s, n);
    pthread_mutex_unlock(&lock);
}

void *mo_put_alloc(size_t size)
{
    if (!threads_on)
        return mo_alloc(size);
    pthread_mutex_lock(&lock);
    void *p = mo_alloc(size);
    pthread_mutex_unlock(&lock);
    return p;
}
