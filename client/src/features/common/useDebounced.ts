import { useEffect, useState } from 'react';

/** `value` once it has stopped changing for `ms` (spec 2 section 9: searches wait 250 ms). */
export function useDebounced<T>(value: T, ms = 250): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
