/**
 * Runs of a task per key, one at a time, with one more waiting for it that every caller asking
 * meanwhile shares. The waiting run starts when the running one ends, so it sees every change made
 * until then: however many callers ask while a run is under way, the work queued is one run.
 */
export function oneAtATime<T>(): (key: string, run: () => Promise<T>) => Promise<T> {
  const runs = new Map<string, { running?: Promise<T>; waiting?: Promise<T> }>();
  return (key, run) => {
    const state = runs.get(key) ?? {};
    runs.set(key, state);
    if (state.waiting) return state.waiting;
    const start = (): Promise<T> => {
      state.waiting = undefined;
      const running = run();
      state.running = running;
      const done = () => {
        if (state.running !== running) return;
        state.running = undefined;
        if (!state.waiting && runs.get(key) === state) runs.delete(key);
      };
      running.then(done, done);
      return running;
    };
    if (!state.running) return start();
    const waiting = state.running.then(start, start);
    state.waiting = waiting;
    return waiting;
  };
}
