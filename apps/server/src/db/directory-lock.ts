import lockfile from 'proper-lockfile';
import { AppError } from '../lib/app-error';

/** A lock its holder has not refreshed for this long is another process's to take. */
const LOCK_STALE_MS = 10_000;

/** Raised when another process already holds the embedded database directory. */
export class DatabaseLockedError extends AppError {
  constructor(dataDir: string) {
    super(
      'DATABASE_LOCKED',
      `The embedded database at ${dataDir} is in use by another Switchboard process. ` +
        'Stop that process first, or set DATA_DIR to another directory. If Switchboard was ' +
        'stopped abruptly just now (killed, or its machine lost power), its lock clears by ' +
        `itself within ${LOCK_STALE_MS / 1000} seconds: start it again then.`,
    );
    this.name = 'DatabaseLockedError';
  }
}

/**
 * Takes an exclusive lock on a directory for the life of this process. The lock is refreshed
 * while we run and goes stale about 10 s after a crash, so a killed server does not block the
 * next start for long.
 */
export async function acquireDirectoryLock(dir: string): Promise<() => Promise<void>> {
  try {
    const release = await lockfile.lock(dir, {
      stale: LOCK_STALE_MS,
      update: 2_000,
      realpath: true,
      onCompromised: (error) => {
        // Someone removed or took over our lock: continuing could corrupt the data files.
        console.error(`Lost the lock on ${dir}: ${error.message}. Stopping to protect the data.`);
        process.exit(1);
      },
    });
    let released = false;
    return async () => {
      if (released) return;
      released = true;
      await release();
    };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED') throw new DatabaseLockedError(dir);
    throw error;
  }
}
