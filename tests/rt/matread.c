/*
 * matread.c - a minimal MAT v4 reader for the runtime tests, independent of the writer: prints every
 * matrix of a result file as text lines the test scripts check with grep and awk.
 *     MATRIX name type rows cols
 *     name ROW|COL k: contents      (text matrices: each row of Aclass, each column of name/description,
 *                                    quoted, trailing NULs removed)
 *     dataInfo COL k: four integers
 *     data_1 ROW k: values (one per column), data_2 COL k: values (one per row)
 *     END ok                         (the file ended exactly after the last matrix)
 * Exit status 1 on a malformed file.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: matread FILE.mat\n");
        return 2;
    }
    FILE *f = fopen(argv[1], "rb");
    if (!f) {
        perror(argv[1]);
        return 1;
    }
    int32_t h[5];
    while (fread(h, sizeof h, 1, f) == 1) {
        int32_t type = h[0], rows = h[1], cols = h[2], imagf = h[3], namelen = h[4];
        char name[256];
        if (imagf != 0 || namelen < 1 || namelen > 255 || rows < 0 || cols < 0 ||
            fread(name, 1, (size_t)namelen, f) != (size_t)namelen || name[namelen - 1] != '\0') {
            fprintf(stderr, "malformed header\n");
            return 1;
        }
        printf("MATRIX %s %d %d %d\n", name, type, rows, cols);
        size_t n = (size_t)rows * (size_t)cols;
        if (type == 51) {
            unsigned char *c = malloc(n + 1);
            if (fread(c, 1, n, f) != n) {
                fprintf(stderr, "short text matrix %s\n", name);
                return 1;
            }
            if (strcmp(name, "Aclass") == 0) {
                for (int r = 0; r < rows; r++) {
                    printf("%s ROW %d: \"", name, r + 1);
                    for (int k = 0; k < cols; k++)
                        putchar(c[(size_t)k * (size_t)rows + (size_t)r]);
                    printf("\"\n");
                }
            } else {
                for (int k = 0; k < cols; k++) {
                    int len = rows;
                    while (len > 0 && c[(size_t)k * (size_t)rows + (size_t)len - 1] == '\0')
                        len--;
                    printf("%s COL %d: \"%.*s\"\n", name, k + 1, len, (char *)c + (size_t)k * (size_t)rows);
                }
            }
            free(c);
        } else if (type == 20) {
            int32_t *v = malloc(n * sizeof *v + 1);
            if (fread(v, sizeof *v, n, f) != n) {
                fprintf(stderr, "short int matrix %s\n", name);
                return 1;
            }
            for (int k = 0; k < cols; k++) {
                printf("%s COL %d:", name, k + 1);
                for (int r = 0; r < rows; r++)
                    printf(" %d", v[(size_t)k * (size_t)rows + (size_t)r]);
                printf("\n");
            }
            free(v);
        } else if (type == 0) {
            double *v = malloc(n * sizeof *v + 1);
            if (fread(v, sizeof *v, n, f) != n) {
                fprintf(stderr, "short double matrix %s\n", name);
                return 1;
            }
            if (strcmp(name, "data_1") == 0) {
                for (int r = 0; r < rows; r++) {
                    printf("%s ROW %d:", name, r + 1);
                    for (int k = 0; k < cols; k++)
                        printf(" %.17g", v[(size_t)k * (size_t)rows + (size_t)r]);
                    printf("\n");
                }
            } else {
                for (int k = 0; k < cols; k++) {
                    printf("%s COL %d:", name, k + 1);
                    for (int r = 0; r < rows; r++)
                        printf(" %.17g", v[(size_t)k * (size_t)rows + (size_t)r]);
                    printf("\n");
                }
            }
            free(v);
        } else {
            fprintf(stderr, "unexpected type %d in %s\n", type, name);
            return 1;
        }
    }
    if (!feof(f) || ferror(f)) {
        fprintf(stderr, "trailing bytes\n");
        return 1;
    }
    printf("END ok\n");
    fclose(f);
    return 0;
}
