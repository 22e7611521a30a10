/**
 * Files that hold the database (the SQLite file, its -wal and -shm, backups) and their folders
 * are made for the server's own user only: sessions, reset tokens and password hashes are in
 * them, and other users of the machine must not read them.
 */
import fs from 'node:fs';

export const OWNER_ONLY_FILE = 0o600;
export const OWNER_ONLY_FOLDER = 0o700;

/** Makes `dir` and its missing parents owner-only; folders already there keep their mode. */
export function makeOwnerOnlyFolder(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: OWNER_ONLY_FOLDER });
}

/**
 * Creates `file` empty and owner-only when it is not there (an empty file is an empty SQLite
 * database, and SQLite gives its -wal, -shm and journal the database file's mode); a file
 * already there keeps its mode.
 */
export function createOwnerOnlyFile(file: string): void {
  try {
    fs.closeSync(fs.openSync(file, 'wx', OWNER_ONLY_FILE));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
}

/** `0644`: a mode as `ls -l` people and `chmod` read it. */
export const modeText = (mode: number) => `0${(mode & 0o777).toString(8).padStart(3, '0')}`;

/** The mode of `path` when its group or other users have any access to it; null otherwise. */
export function openToOthers(path: string): { mode: number; folder: boolean } | null {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(path);
  } catch {
    return null;
  }
  return (stat.mode & 0o077) === 0 ? null : { mode: stat.mode & 0o777, folder: stat.isDirectory() };
}
