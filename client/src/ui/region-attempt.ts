import { createContext } from 'react';

/**
 * How many times the region around a component has been retried (RegionBoundary): a lazily loaded
 * chunk that failed loads again on the next attempt (lazyChunk).
 */
export const RegionAttempt = createContext(0);
