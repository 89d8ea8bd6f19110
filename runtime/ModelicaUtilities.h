/*
 * ModelicaUtilities.h - the utility functions that external C functions of Modelica libraries call
 * (specification section 12.9.6), as mo2c's runtime provides them (runtime/external.c).
 *
 * Written from the specification: messages, warnings and errors (printf-style formats are the external
 * code's own, never text of the model), and the allocation of Strings that an external function returns
 * (owned by the simulation: they live until the statement that called the function ends). An error
 * never returns to the external function: it ends the call, which fails with the message.
 */
#ifndef MODELICA_UTILITIES_H
#define MODELICA_UTILITIES_H

#include <stdarg.h>
#include <stddef.h>

#if defined(__GNUC__)
#define MO2C_MU_NORETURN __attribute__((noreturn))
#define MO2C_MU_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define MO2C_MU_NORETURN
#define MO2C_MU_PRINTF(f, a)
#endif

void ModelicaMessage(const char *string);
void ModelicaFormatMessage(const char *string, ...) MO2C_MU_PRINTF(1, 2);
void ModelicaVFormatMessage(const char *string, va_list args) MO2C_MU_PRINTF(1, 0);
void ModelicaWarning(const char *string);
void ModelicaFormatWarning(const char *string, ...) MO2C_MU_PRINTF(1, 2);
void ModelicaVFormatWarning(const char *string, va_list args) MO2C_MU_PRINTF(1, 0);
void ModelicaError(const char *string) MO2C_MU_NORETURN;
void ModelicaFormatError(const char *string, ...) MO2C_MU_NORETURN MO2C_MU_PRINTF(1, 2);
void ModelicaVFormatError(const char *string, va_list args) MO2C_MU_NORETURN MO2C_MU_PRINTF(1, 0);
char *ModelicaAllocateString(size_t len);
char *ModelicaAllocateStringWithErrorReturn(size_t len);
char *ModelicaDuplicateString(const char *str);
char *ModelicaDuplicateStringWithErrorReturn(const char *str);

#endif
