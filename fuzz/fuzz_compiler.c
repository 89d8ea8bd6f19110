/*
 * fuzz_compiler.c - libFuzzer targets for mo2c's command line: one source, three targets (the Makefile
 * builds it with FUZZ_STAGE set):
 *   fuzz_parse     mo2c --parse FILE                the lexer and the parser
 *   fuzz_flat      mo2c --flat FILE [MODEL]         the front end to the flat model (and its listing)
 *   fuzz_codegen   mo2c --emit-c -o /dev/null FILE [MODEL]   the back end to C
 * The input is the file's text; a first line "// MODEL: NAME" (as in tests/flat and tests/errors) names
 * the model, for files that define several classes.
 *
 * mo2c runs in the fuzzer's process, many inputs one after the other, but it was written for one run per
 * process: its arena is freed in bulk at the end of main, and its modules keep caches in static
 * variables (lookup tables, memo tables, counters) that would point into freed memory at the next
 * input. So every object of the compiler is linked as one relocatable object whose .data and .bss are
 * renamed mo2c_data and mo2c_bss (the Makefile's fuzz rules, with objcopy): this file copies both before
 * the first input and puts them back after each, which returns every module to the state of a fresh
 * process without any module knowing about it. The copy is done with plain word stores the sanitizers do
 * not check, since AddressSanitizer poisons the red zones between instrumented globals.
 *
 * mo2c's main is renamed mo2c_cli_main (objcopy --redefine-sym). It installs handlers for SIGINT,
 * SIGTERM and SIGHUP (util/cleanup.c); libFuzzer's own are put back after each run. Standard output goes
 * to /dev/null; run the fuzzer with -close_fd_mask=2 to silence the diagnostics on stderr.
 */
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int mo2c_cli_main(int argc, char **argv);

extern char __start_mo2c_data[], __stop_mo2c_data[], __start_mo2c_bss[], __stop_mo2c_bss[];

static uint64_t *saved_data, *saved_bss;
static char input_path[256];
static const int signals[] = {SIGINT, SIGTERM, SIGHUP};
static struct sigaction saved_actions[3];

__attribute__((no_sanitize("address", "undefined")))
static void copy_words(volatile uint64_t *to, const volatile uint64_t *from, size_t n)
{
    for (size_t i = 0; i < n; i++)
        to[i] = from[i];
}

static size_t words(const char *start, const char *stop)
{
    return (size_t)(stop - start) / sizeof(uint64_t);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    size_t nd = words(__start_mo2c_data, __stop_mo2c_data), nb = words(__start_mo2c_bss, __stop_mo2c_bss);
    saved_data = malloc((nd + 1) * sizeof *saved_data);
    saved_bss = malloc((nb + 1) * sizeof *saved_bss);
    if (!saved_data || !saved_bss || (uintptr_t)__start_mo2c_data % 8 || (uintptr_t)__start_mo2c_bss % 8) {
        fprintf(stderr, "fuzz: cannot keep the compiler's static state\n");
        exit(1);
    }
    copy_words(saved_data, (uint64_t *)__start_mo2c_data, nd);
    copy_words(saved_bss, (uint64_t *)__start_mo2c_bss, nb);
    const char *tmp = getenv("TMPDIR");
    snprintf(input_path, sizeof input_path, "%s/mo2c-fuzz-%ld.mo", tmp && *tmp ? tmp : "/tmp", (long)getpid());
    for (int i = 0; i < 3; i++)
        sigaction(signals[i], NULL, &saved_actions[i]);
    if (!freopen("/dev/null", "w", stdout))
        exit(1);
    return 0;
}

/* The model name of a first line "// MODEL: NAME", or NULL. */
static char *model_name(const uint8_t *data, size_t size)
{
    static const char tag[] = "// MODEL: ";
    size_t n = sizeof tag - 1;
    if (size <= n || memcmp(data, tag, n) != 0)
        return NULL;
    size_t end = n;
    while (end < size && end - n < 200 && data[end] != '\n' && data[end] != '\r' && data[end] != ' ' && data[end])
        end++;
    if (end == n)
        return NULL;
    char *m = malloc(end - n + 1);
    memcpy(m, data + n, end - n);
    m[end - n] = '\0';
    return m;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FILE *f = fopen(input_path, "wb");
    if (!f || fwrite(data, 1, size, f) != size || fclose(f) != 0)
        abort();
    char *model = model_name(data, size);
    char *argv[8];
    int argc = 0;
    argv[argc++] = "mo2c";
#if FUZZ_STAGE == 0
    argv[argc++] = "--parse";
#elif FUZZ_STAGE == 1
    argv[argc++] = "--flat";
#else
    argv[argc++] = "--emit-c";
    argv[argc++] = "-o";
    argv[argc++] = "/dev/null";
#endif
    argv[argc++] = input_path;
    if (model && FUZZ_STAGE > 0)
        argv[argc++] = model;
    argv[argc] = NULL;
    mo2c_cli_main(argc, argv);
    free(model);
    for (int i = 0; i < 3; i++)
        sigaction(signals[i], &saved_actions[i], NULL);
    copy_words((uint64_t *)__start_mo2c_data, saved_data, words(__start_mo2c_data, __stop_mo2c_data));
    copy_words((uint64_t *)__start_mo2c_bss, saved_bss, words(__start_mo2c_bss, __stop_mo2c_bss));
    return 0;
}
