import type { RequestHandler } from 'express';

/**
 * How many HTTP requests this process is answering now, so that background work on the same event
 * loop (an export writing a million rows) can step aside while someone waits for an answer.
 */
let inFlight = 0;
let quiet: (() => void)[] = [];

export const requestsInFlight = (): number => inFlight;

function ended(): void {
  inFlight--;
  if (inFlight > 0) return;
  const waiting = quiet;
  quiet = [];
  for (const resolve of waiting) resolve();
}

/** Counts a request from its arrival until its answer is sent or its connection closes. */
export const countInFlight: RequestHandler = (_req, res, next) => {
  inFlight++;
  let counted = true;
  const end = () => {
    if (!counted) return;
    counted = false;
    ended();
  };
  res.once('finish', end);
  res.once('close', end);
  next();
};

/** Resolves once no request is being answered, or after `maxMs` when requests keep coming. */
export function requestsQuiet(maxMs: number): Promise<void> {
  if (inFlight === 0) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      quiet = quiet.filter((waiting) => waiting !== done);
      resolve();
    }, maxMs);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    quiet.push(done);
  });
}
