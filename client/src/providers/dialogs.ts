/** Dialogs opened on request. Login and terms of service follow the session machine instead. */
export type DialogRequest =
  | { name: 'register' }
  | { name: 'forgotPassword' }
  | { name: 'resetConfirm'; token?: string }
  | { name: 'profile' }
  | { name: 'contacts' }
  | { name: 'accountSettings'; tab?: 'general' | 'notifications' }
  | { name: 'demoNotice' };

export type ConfirmRequest = {
  title?: string;
  message: string;
  confirmLabel?: string;
  cancelLabel?: string;
  danger?: boolean;
};

/** Dialogs the app opens by itself; once closed they stay closed until the next login. */
export type AutoDialog = 'adminSetup' | 'firstLogin' | 'demoNotice';
const AUTO_DIALOGS: readonly AutoDialog[] = ['adminSetup', 'firstLogin', 'demoNotice'];

/** Where the closed automatic dialogs are kept, so "Later" holds across page loads until the next login. */
export const DISMISSED_KEY = 'platform.dismissed';

function loadDismissed(storage: Storage | undefined): AutoDialog[] {
  try {
    const stored: unknown = JSON.parse(storage?.getItem(DISMISSED_KEY) ?? '[]');
    return Array.isArray(stored) ? AUTO_DIALOGS.filter((name) => stored.includes(name)) : [];
  } catch {
    return [];
  }
}

function saveDismissed(storage: Storage | undefined, dismissed: readonly AutoDialog[]): void {
  try {
    if (dismissed.length === 0) storage?.removeItem(DISMISSED_KEY);
    else storage?.setItem(DISMISSED_KEY, JSON.stringify(dismissed));
  } catch {
    // Storage full or refused (private mode): the choice holds for this page only.
  }
}

export type DialogsState = {
  current: DialogRequest | null;
  confirm: (ConfirmRequest & { resolve: (ok: boolean) => void }) | null;
  dismissed: readonly AutoDialog[];
};

export function createDialogs(storage?: Storage) {
  let state: DialogsState = { current: null, confirm: null, dismissed: loadDismissed(storage) };
  const listeners = new Set<() => void>();
  const set = (next: Partial<DialogsState>) => {
    state = { ...state, ...next };
    for (const listener of listeners) listener();
  };

  return {
    open: (request: DialogRequest) => set({ current: request }),
    close: () => set({ current: null }),
    /** Resolves true when the person confirms, false when they cancel. */
    confirm(request: ConfirmRequest): Promise<boolean> {
      state.confirm?.resolve(false);
      return new Promise<boolean>((resolve) => set({ confirm: { ...request, resolve } }));
    },
    answerConfirm(ok: boolean) {
      state.confirm?.resolve(ok);
      set({ confirm: null });
    },
    dismiss(name: AutoDialog) {
      const dismissed = state.dismissed.includes(name) ? state.dismissed : [...state.dismissed, name];
      saveDismissed(storage, dismissed);
      set({ dismissed });
    },
    /** On a login or logout: the automatic dialogs may open again. */
    resetDismissed() {
      saveDismissed(storage, []);
      set({ dismissed: [] });
    },
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    getSnapshot: () => state,
  };
}

export type Dialogs = ReturnType<typeof createDialogs>;
