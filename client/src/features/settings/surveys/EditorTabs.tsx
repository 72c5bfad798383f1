import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export type EditorTab = 'build' | 'configure' | 'share';

/** The builder's tabs (ARIA tabs pattern: arrow keys move between them); share only for a saved survey. */
export function EditorTabs({
  current,
  onChange,
  withShare,
  children,
}: {
  current: EditorTab;
  onChange: (tab: EditorTab) => void;
  withShare: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const id = useId();
  const tabs: EditorTab[] = withShare ? ['build', 'configure', 'share'] : ['build', 'configure'];
  const buttons = useRef<Partial<Record<EditorTab, HTMLButtonElement | null>>>({});

  const onKeyDown = (event: KeyboardEvent) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const rtl = document.documentElement.dir === 'rtl' ? -1 : 1;
    const next = tabs[(tabs.indexOf(current) + step * rtl + tabs.length) % tabs.length]!;
    onChange(next);
    buttons.current[next]?.focus();
  };

  return (
    <>
      <div role="tablist" aria-label={t('survey.tabs')} className="tabs" onKeyDown={onKeyDown}>
        {tabs.map((name) => (
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
            onClick={() => onChange(name)}
          >
            {t(`survey.tab.${name}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-${current}-panel`} aria-labelledby={`${id}-${current}-tab`} className="tab-panel">
        {children}
      </div>
    </>
  );
}
