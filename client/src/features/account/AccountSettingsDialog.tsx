import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useDialogs } from '../../providers/services-context';
import { Dialog } from '../../ui/Dialog';
import { ContactsPanel } from './ContactsPanel';
import { ProfileForm } from './ProfileForm';

type Tab = 'general' | 'notifications';
const TABS: Tab[] = ['general', 'notifications'];

/** Account settings with two tabs: general (the profile) and notifications (contacts and subscriptions). */
export default function AccountSettingsDialog({ tab = 'general' }: { tab?: Tab }) {
  const { t } = useTranslation();
  const { dialogs } = useDialogs();
  const [current, setCurrent] = useState<Tab>(tab);
  const id = useId();
  const buttons = useRef<Record<Tab, HTMLButtonElement | null>>({ general: null, notifications: null });
  const close = () => dialogs.close();

  // Arrow keys move between tabs (the ARIA tabs pattern).
  const onKeyDown = (event: KeyboardEvent) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    const rtl = document.documentElement.dir === 'rtl' ? -1 : 1;
    const next = TABS[(TABS.indexOf(current) + step * rtl + TABS.length) % TABS.length] as Tab;
    setCurrent(next);
    buttons.current[next]?.focus();
  };

  return (
    <Dialog title={t('account_settings.title')} size="medium" onClose={close}>
      <div role="tablist" aria-label={t('account_settings.title')} className="tabs" onKeyDown={onKeyDown}>
        {TABS.map((name) => (
          <button
            key={name}
            ref={(el) => {
              buttons.current[name] = el;
            }}
            type="button"
            role="tab"
            id={`${id}-${name}-tab`}
            aria-selected={current === name}
            aria-controls={`${id}-${name}-panel`}
            tabIndex={current === name ? 0 : -1}
            className="tab"
            onClick={() => setCurrent(name)}
          >
            {t(`account_settings.${name}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-${current}-panel`} aria-labelledby={`${id}-${current}-tab`} className="tab-panel">
        {current === 'general' ? <ProfileForm onCancel={close} onSaved={close} /> : <ContactsPanel onCancel={close} />}
      </div>
    </Dialog>
  );
}
