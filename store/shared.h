/*
** shared.h -- the process's one handle a store (engine.c): an engine finds
** or adds a handle under a key of its engine's name and the store's real
** path, holding store_lock() across the find and the open, so that two
** threads opening one store get one handle.
*/
#ifndef OK_STORE_SHARED_H
#define OK_STORE_SHARED_H

#include <stddef.h>

void store_lock(void);
void store_unlock(void);
/* The handle under key, counted once more, or NULL (with the lock held). */
void *store_shared_find(const char *key);
/* Adds a handle with one count (with the lock held). */
int store_shared_add(const char *key, void *handle, void (*destroy)(void *));
/* One count less; the last destroys the handle (takes the lock, or with
** it held). */
void store_shared_release(void *handle);
void store_shared_release_locked(void *handle);
/* "engine:/real/path" into key; the path must exist. */
int store_shared_key(char *key, size_t size, const char *engine, const char *path, char *err);

#endif
