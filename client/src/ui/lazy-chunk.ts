import { createElement, lazy, useContext, type ComponentType } from 'react';
import { loadAllStrings } from '../i18n/i18n';
import { RegionAttempt } from './region-attempt';

/** A chunk that has not arrived after this long is reported as failed (spec 1 section 8). */
export const CHUNK_TIMEOUT_MS = 120_000;

export type ChunkOptions = {
  timeoutMs?: number;
  /**
   * Whether the chunk waits for every string of the language shown (i18n/i18n.ts): a screen does,
   * so that it never shows a key; the map screen and its library, drawn first, need only the
   * first screen's strings.
   */
  allStrings?: boolean;
};

export function loadChunk<T>(load: () => Promise<T>, { timeoutMs = CHUNK_TIMEOUT_MS, allStrings = true }: ChunkOptions = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error('Part of the application could not be loaded. Check your connection and reload the page.')),
      timeoutMs,
    );
    const loading = allStrings ? Promise.all([load(), loadAllStrings()]).then(([value]) => value) : load();
    loading.then(
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

/**
 * `React.lazy` for a chunk that may not arrive (a dropped connection, a deploy that replaced it).
 * React keeps a lazy component's failure for good; here a failed load is tried again, once, when the
 * region around it is retried (RegionBoundary's attempt), never in a loop on its own.
 */
export function lazyChunk<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): ComponentType<P> {
  type Made = { attempt: number; component: ComponentType<P>; failed: boolean };
  const make = (attempt: number): Made => {
    const made: Made = { attempt, component: () => null, failed: false };
    made.component = lazy(() =>
      loadChunk(load).catch((error: unknown) => {
        made.failed = true;
        throw error;
      }),
    );
    return made;
  };
  const loads = [make(0)];
  return function Chunk(props: P) {
    const attempt = useContext(RegionAttempt);
    const last = loads[loads.length - 1] as Made;
    if (last.failed && last.attempt !== attempt) loads.push(make(attempt));
    return createElement((loads[loads.length - 1] as Made).component, props);
  };
}
