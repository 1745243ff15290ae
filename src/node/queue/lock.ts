// Apart from worker.ts (which loads the job queue's whole worker): `knight worker --help` shows it.

/** How long a job's lock lasts unless renewed (renewed at half of it), by default. */
export const DEFAULT_LOCK_MS = 30_000;
