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

export type DialogsState = {
  current: DialogRequest | null;
  confirm: (ConfirmRequest & { resolve: (ok: boolean) => void }) | null;
  dismissed: readonly AutoDialog[];
};

export function createDialogs() {
  let state: DialogsState = { current: null, confirm: null, dismissed: [] };
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
    dismiss: (name: AutoDialog) => set({ dismissed: [...state.dismissed, name] }),
    resetDismissed: () => set({ dismissed: [] }),
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
