/** A chunk that has not arrived after this long is reported as failed (spec 1 section 8). */
export const CHUNK_TIMEOUT_MS = 120_000;

export function loadChunk<T>(load: () => Promise<T>, timeoutMs = CHUNK_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error('Part of the application could not be loaded. Check your connection and reload the page.')),
      timeoutMs,
    );
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/**
 * A load done once for the tab: every call shares the first one's promise; a failed load is
 * forgotten, so the next call tries again (a chunk or data file that did not arrive).
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | null = null;
  return () => {
    if (pending) return pending;
    const started = load().catch((error: unknown) => {
      pending = null;
      throw error;
    });
    pending = started;
    return started;
  };
}
