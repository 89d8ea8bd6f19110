/*
 * pmemo.c - the memo from address to value that a walk over one expression DAG empties in constant time
 * (mo_pmemo, base.h): a new generation per walk instead of clearing the table, so that one table serves
 * every expression of a large model and no walk leaves a table behind in the arena.
 */
#include "base.h"

#include <string.h>

void mo_pmemo_begin(mo_pmemo *m)
{
    if (++m->gen == 0) {   /* (wrapped: no slot may look written by the new generation) */
        if (m->cap)
            memset(m->stamp, 0, sizeof *m->stamp * (size_t)m->cap);
        m->gen = 1;
    }
    m->n = 0;
}

void *mo_pmemo_get(const mo_pmemo *m, const void *key)
{
    if (!m->cap)
        return NULL;
    size_t mask = (size_t)m->cap - 1;
    for (size_t j = mo_hash_ptr(key) & mask; m->stamp[j] == m->gen; j = (j + 1) & mask)
        if (m->keys[j] == key)
            return m->vals[j];
    return NULL;
}

void mo_pmemo_put(mo_pmemo *m, const void *key, void *val)
{
    if (2 * (m->n + 1) > m->cap) {   /* half full at most: probes stay short */
        mo_pmemo old = *m;
        m->cap = old.cap ? 2 * old.cap : 64;
        m->keys = mo_alloc(sizeof *m->keys * (size_t)m->cap);
        m->vals = mo_alloc(sizeof *m->vals * (size_t)m->cap);
        m->stamp = mo_alloc(sizeof *m->stamp * (size_t)m->cap);
        m->n = 0;
        for (int j = 0; j < old.cap; j++)
            if (old.stamp[j] == m->gen)
                mo_pmemo_put(m, old.keys[j], old.vals[j]);
    }
    size_t mask = (size_t)m->cap - 1, j = mo_hash_ptr(key) & mask;
    while (m->stamp[j] == m->gen && m->keys[j] != key)
        j = (j + 1) & mask;
    if (m->stamp[j] != m->gen)
        m->n++;
    m->keys[j] = key;
    m->vals[j] = val;
    m->stamp[j] = m->gen;
}
