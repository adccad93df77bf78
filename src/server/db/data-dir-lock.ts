import { randomUUID } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, renameSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/*
 * PGlite is PostgreSQL inside one process: two processes opening the same DATA_DIR would each run their own
 * postmaster over the same files and corrupt them. This file in DATA_DIR says which process has it. PostgreSQL
 * (DATABASE_URL) needs none of this.
 */

export type DataDirOwner = 'server' | 'cli';

export const LOCK_FILE_NAME = 'homesite.lock';

/** A lock file younger than this that cannot be read is one being written right now, not a stale one. */
const UNREADABLE_LOCK_GRACE_MS = 10_000;
const ACQUIRE_ATTEMPTS = 5;

interface LockContent {
  pid: number;
  owner: DataDirOwner;
  /** Tells this holder's file from a later one of the same pid (release removes only its own). */
  token: string;
  since: string;
}

export interface DataDirLock {
  path: string;
  /** Removes the lock file if it is still this holder's; safe to call twice. */
  release: () => void;
}

export class DataDirLockedError extends Error {
  override readonly name = 'DataDirLockedError';
}

const OWNER_NAMES: Record<DataDirOwner, string> = { server: 'The server', cli: 'A homesite command' };

function parseLock(text: string): LockContent | null {
  try {
    const value = JSON.parse(text) as Partial<LockContent>;
    if (Number.isSafeInteger(value.pid) && (value.owner === 'server' || value.owner === 'cli') && typeof value.token === 'string') {
      return value as LockContent;
    }
  } catch {
    // Unreadable: judged by its age below.
  }
  return null;
}

/** Whether a process with this id runs (EPERM: it does, under another user). */
function processAlive(pid: number): boolean {
  if (pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readIfExists(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

function ageMs(path: string): number {
  try {
    return Date.now() - statSync(path).mtimeMs;
  } catch {
    return 0;
  }
}

/**
 * Takes `<dataDir>/homesite.lock` for this process, or throws DataDirLockedError naming the live process that has
 * it. A lock left by a process that is gone (a crash, a kill -9) is taken over.
 */
export function acquireDataDirLock(dataDir: string, owner: DataDirOwner): DataDirLock {
  const directory = resolve(dataDir);
  mkdirSync(directory, { recursive: true });
  const path = join(directory, LOCK_FILE_NAME);
  const mine: LockContent = { pid: process.pid, owner, token: randomUUID(), since: new Date().toISOString() };
  const text = `${JSON.stringify(mine)}\n`;

  for (let attempt = 1; attempt <= ACQUIRE_ATTEMPTS; attempt++) {
    try {
      // wx: created only when no file is there, in one step, so two processes never both get it.
      writeFileSync(path, text, { flag: 'wx' });
      return { path, release: () => releaseLock(path, mine.token) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }

    const found = readIfExists(path);
    if (found === null) continue;
    const holder = parseLock(found);
    if (holder && processAlive(holder.pid)) {
      throw new DataDirLockedError(
        `${OWNER_NAMES[holder.owner]} (pid ${holder.pid}) is using DATA_DIR ${directory}: stop it first, or use DATABASE_URL. ` +
          `(If no HomeSite process has pid ${holder.pid}, delete ${path}.)`,
      );
    }
    if (!holder && ageMs(path) < UNREADABLE_LOCK_GRACE_MS) {
      throw new DataDirLockedError(`Another process is taking DATA_DIR ${directory} right now (${path}); try again in a few seconds.`);
    }
    takeOverStale(path, found);
  }
  throw new DataDirLockedError(`Could not take ${path}: other processes keep taking it. Try again.`);
}

/**
 * Moves a stale lock out of the way. It is renamed, not deleted, so that if another process replaced it in the
 * meantime with a live lock of its own, that lock is put back instead of being lost.
 */
function takeOverStale(path: string, staleText: string) {
  const aside = `${path}.stale-${process.pid}-${randomUUID()}`;
  try {
    renameSync(path, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  if (readIfExists(aside) !== staleText) {
    try {
      linkSync(aside, path);
    } catch {
      // A third process already holds a newer lock there; the next attempt reads it.
    }
  }
  unlinkSync(aside);
}

function releaseLock(path: string, token: string) {
  const current = readIfExists(path);
  if (current === null || parseLock(current)?.token !== token) return;
  try {
    unlinkSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}
