/** The path of the extension this package carries. */
export function getLoadablePath(): string;
/** Loads ok into a better-sqlite3 Database, or a node:sqlite DatabaseSync opened with { allowExtension: true }. */
export function load(db: { loadExtension(path: string): unknown }): void;
export const version: string;
