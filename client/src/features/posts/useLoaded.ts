import { useEffect, useState } from 'react';

/**
 * The value of `load` for the current `key`, or null while it loads or when it failed: for the
 * small look-ups a card or field makes (a survey, a picture, a category list). A newer key wins.
 */
export function useLoaded<T>(key: string | null, load: () => Promise<T>): T | null {
  const [state, setState] = useState<{ key: string; value: T } | null>(null);
  useEffect(() => {
    if (key === null) return;
    let live = true;
    load().then(
      (value) => {
        if (live) setState({ key, value });
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
    // `load` is a new closure each render; `key` says what it loads.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return state !== null && state.key === key ? state.value : null;
}
