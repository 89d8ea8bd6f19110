/*
 * reraise.h - end the process with a signal that its handler has just caught, as if there had been no
 * handler: the default action, at once (the signal is unblocked, since it is blocked while its handler
 * runs). For the handlers that clean up and then let the caller see what stopped the process: the
 * runtime's (guard.c) and the compiler's (compiler/util/cleanup.c). Async-signal-safe.
 */
#ifndef MO2C_RERAISE_H
#define MO2C_RERAISE_H

#include <signal.h>
#include <string.h>

static inline void mo2c_reraise(int sig)
{
    struct sigaction dfl;
    memset(&dfl, 0, sizeof dfl);
    dfl.sa_handler = SIG_DFL;
    sigemptyset(&dfl.sa_mask);
    sigaction(sig, &dfl, NULL);
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, sig);
    sigprocmask(SIG_UNBLOCK, &set, NULL);
    raise(sig);
}

#endif
