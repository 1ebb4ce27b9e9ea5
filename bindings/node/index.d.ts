/** The path of an extension this package carries: 'ok' (the default), or
 * 'ok_files' (LevelDB read from its files, Chrome's IndexedDB among them). */
export function getLoadablePath(name?: 'ok' | 'ok_files'): string;
/** Loads ok and ok_files into a better-sqlite3 Database, or a node:sqlite DatabaseSync opened with { allowExtension: true }. */
export function load(db: { loadExtension(path: string): unknown }): void;
export const version: string;
