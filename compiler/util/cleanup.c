/*
 * cleanup.c - temporary files and child processes that a stop signal must not leave behind.
 *
 * mo2c writes the C file under a temporary name, and the C compiler writes objects and the executable
 * under temporary names (main.c, build.c). When mo2c is stopped by SIGINT, SIGTERM or SIGHUP while they
 * exist, the handler installed by mo_cleanup_install removes every registered path (files, then
 * directories: rmdir of an empty one), sends SIGTERM to every registered child (the C compiler's
 * driver, which removes its own temporaries when it is stopped), and then raises the signal again with
 * its default action, so that the caller sees what stopped mo2c. The children stay in mo2c's process
 * group, so that whoever stops the group (a terminal's Ctrl-C, mo2c regress on a timeout) reaches them.
 *
 * The registry is a fixed table of MO_CLEANUP_MAX entries (static storage: a handler cannot reach
 * anything else), each a path copied into the entry or a process id; an entry is published by one store
 * of its state after its contents are written, so the handler never sees a half-written one. A path
 * longer than the entry or a full table is not registered (then it may stay behind; the table holds far
 * more than a build uses: a C file, an executable, a directory and an object per section). The handler
 * uses only unlink, rmdir, kill, sigaction, sigprocmask and raise, all async-signal-safe.
 */
#include "base.h"
#include "reraise.h" /* runtime/: shared with the runtime's guard.c */

#include <signal.h>
#include <string.h>
#include <sys/types.h>
#include <unistd.h>

enum { MO_CLEANUP_MAX = 512, MO_CLEANUP_PATH = 512 };

typedef enum entry_state { FREE, FILE_PATH, DIR_PATH, CHILD } entry_state;

typedef struct entry {
    volatile sig_atomic_t state;   /* entry_state; FREE until the contents below are complete */
    pid_t pid;                     /* CHILD */
    char path[MO_CLEANUP_PATH];    /* FILE_PATH, DIR_PATH */
} entry;

static entry table[MO_CLEANUP_MAX];
static const int stop_signals[] = {SIGINT, SIGTERM, SIGHUP};

/* An entry for the caller (the compiler's thread registers; only the handler reads concurrently). */
static int add(entry_state state, const char *path, pid_t pid)
{
    if (path && strlen(path) >= MO_CLEANUP_PATH)
        return -1;
    for (int i = 0; i < MO_CLEANUP_MAX; i++)
        if (table[i].state == FREE) {
            if (path)
                memcpy(table[i].path, path, strlen(path) + 1);
            table[i].pid = pid;
            table[i].state = state;   /* published */
            return i;
        }
    return -1;
}

int mo_cleanup_file(const char *path) { return add(FILE_PATH, path, 0); }
int mo_cleanup_dir(const char *path) { return add(DIR_PATH, path, 0); }
int mo_cleanup_child(pid_t pid) { return add(CHILD, NULL, pid); }

void mo_cleanup_forget(int id)
{
    if (id >= 0 && id < MO_CLEANUP_MAX)
        table[id].state = FREE;
}

static void handler(int sig)
{
    for (int i = 0; i < MO_CLEANUP_MAX; i++)
        if (table[i].state == CHILD)
            kill(table[i].pid, SIGTERM);
    for (int i = 0; i < MO_CLEANUP_MAX; i++)
        if (table[i].state == FILE_PATH)
            unlink(table[i].path);
    for (int i = 0; i < MO_CLEANUP_MAX; i++)   /* directories last: their files are gone now */
        if (table[i].state == DIR_PATH)
            rmdir(table[i].path);
    mo2c_reraise(sig);
}

void mo_cleanup_install(void)
{
    struct sigaction sa, old;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = handler;
    sigemptyset(&sa.sa_mask);
    for (size_t k = 0; k < sizeof stop_signals / sizeof stop_signals[0]; k++)
        sigaddset(&sa.sa_mask, stop_signals[k]);   /* one cleanup at a time */
    for (size_t k = 0; k < sizeof stop_signals / sizeof stop_signals[0]; k++) {
        /* a signal the caller ignores (nohup, a background job's SIGINT) stays ignored */
        if (sigaction(stop_signals[k], NULL, &old) == 0 && old.sa_handler == SIG_IGN)
            continue;
        sigaction(stop_signals[k], &sa, NULL);
    }
}
