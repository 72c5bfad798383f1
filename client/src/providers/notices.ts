import { isApiError } from '../api/errors';

/** Notices close by themselves after this long (spec 1 section 9). */
export const NOTICE_TIMEOUT_MS = 5000;

export type NoticeKind = 'success' | 'info' | 'warning' | 'error';
export type Notice = { id: number; kind: NoticeKind; message: string; details: string[]; persistent: boolean };

/**
 * The toast queue: a tiny external store (read with useSyncExternalStore). Messages are already
 * translated by the caller.
 */
export function createNotices(options: { timeoutMs?: number; setTimer?: typeof setTimeout } = {}) {
  let notices: Notice[] = [];
  let nextId = 1;
  const listeners = new Set<() => void>();
  const timeoutMs = options.timeoutMs ?? NOTICE_TIMEOUT_MS;
  const setTimer = options.setTimer ?? ((fn: () => void, ms: number) => setTimeout(fn, ms));

  const changed = () => {
    for (const listener of listeners) listener();
  };
  const dismiss = (id: number) => {
    notices = notices.filter((n) => n.id !== id);
    changed();
  };
  const show = (kind: NoticeKind, message: string, details: string[] = [], persistent = false): number => {
    const id = nextId++;
    notices = [...notices, { id, kind, message, details, persistent }];
    changed();
    if (!persistent) setTimer(() => dismiss(id), timeoutMs);
    return id;
  };

  return {
    success: (message: string) => show('success', message),
    info: (message: string) => show('info', message),
    warning: (message: string, details?: string[]) => show('warning', message, details),
    error: (message: string, details?: string[]) => show('error', message, details),
    /** Stays until closed: for conditions the person must act on (debug mode left on). */
    permanent: (kind: NoticeKind, message: string) => show(kind, message, [], true),
    /** API errors are a warning listing each message (spec 1 section 8). */
    apiError(error: unknown, fallback: string) {
      const details = isApiError(error) ? error.messages : [];
      return show('warning', fallback, details);
    },
    dismiss,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    getSnapshot: () => notices,
  };
}

export type Notices = ReturnType<typeof createNotices>;
