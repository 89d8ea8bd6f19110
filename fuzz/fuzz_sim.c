/*
 * fuzz_sim.c - libFuzzer target for a generated simulator's command line and override files: the
 * simulator of fuzz/FuzzSim.mo (its C from build/mo2c --emit-c, its main renamed mo2c_sim_main by the
 * Makefile's fuzz rules), linked with the runtime built with the sanitizers and without guard.c's
 * handlers (MO2C_RT_NO_GUARD), whose faults the sanitizers must see.
 *
 * Input: the arguments, one per line, up to the first NUL byte; after it, the text of a file that an
 * argument names as @F (-overrideFile=@F, -csvInput=@F, -f=@F). Arguments starting with -r (the result file),
 * -outputPath and -l (not -lv) are left out, and every run ends with -startTime=0 -stopTime=0.1
 * -stepSize=0.01 -maxStepSize=0.01 -r=/dev/null, which win over what came before (a tiny -maxStepSize is
 * a legitimately long run: -maxStepSize=3e-9 takes 3e7 steps, minutes under the sanitizers): the fuzzer reaches every parser of flags, values, override lists and files and
 * regular expressions, while no run writes files or lasts long.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int mo2c_sim_main(int argc, char **argv);

enum { MAX_ARGS = 64 };
static char override_path[256];

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    const char *tmp = getenv("TMPDIR");
    snprintf(override_path, sizeof override_path, "%s/mo2c-fuzz-%ld.txt", tmp && *tmp ? tmp : "/tmp",
             (long)getpid());
    if (!freopen("/dev/null", "w", stdout))
        exit(1);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const uint8_t *nul = memchr(data, 0, size);
    size_t nargs_text = nul ? (size_t)(nul - data) : size;
    FILE *f = fopen(override_path, "wb");
    if (!f)
        abort();
    if (nul)
        fwrite(nul + 1, 1, size - nargs_text - 1, f);
    if (fclose(f) != 0)
        abort();

    char *text = malloc(nargs_text + 1);
    memcpy(text, data, nargs_text);
    text[nargs_text] = '\0';
    char *argv[MAX_ARGS + 7], *owned[MAX_ARGS];
    int argc = 0, nowned = 0;
    argv[argc++] = "fuzzsim";
    for (char *line = text, *next; line && argc < MAX_ARGS; line = next) {
        next = strchr(line, '\n');
        if (next)
            *next++ = '\0';
        /* left out: what writes files (-r, -outputPath, -l's linearized_model.mo) or sets the stop time
         * after the flags (-l) */
        if (!*line || strncmp(line, "-r", 2) == 0 || (strncmp(line, "-l", 2) == 0 && (line[2] == '\0' || line[2] == '=')) ||
            strncmp(line, "-outputPath", 11) == 0)
            continue;
        char *at = strstr(line, "@F");
        if (at) {   /* the override file's path in place of @F */
            size_t n = strlen(line) + strlen(override_path);
            char *a = malloc(n);
            snprintf(a, n, "%.*s%s%s", (int)(at - line), line, override_path, at + 2);
            argv[argc++] = owned[nowned++] = a;
        } else {
            argv[argc++] = line;
        }
    }
    argv[argc++] = "-startTime=0";
    argv[argc++] = "-stopTime=0.1";
    argv[argc++] = "-stepSize=0.01";
    argv[argc++] = "-maxStepSize=0.01";
    argv[argc++] = "-r=/dev/null";
    argv[argc] = NULL;
    mo2c_sim_main(argc, argv);
    for (int i = 0; i < nowned; i++)
        free(owned[i]);
    free(text);
    return 0;
}
