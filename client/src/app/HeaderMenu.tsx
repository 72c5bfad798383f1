import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Menu, X, decorative } from '../ui/icons';

const FOCUSABLE = 'a[href], button:not([disabled]), select:not([disabled]), input:not([disabled])';

/**
 * The header's views, language, help and account. On a wide screen they sit in the header's row
 * (the panel is `display: contents`); on a phone the header keeps one row and a menu button opens
 * them below it: focus moves into the panel, Escape and a click outside close it, and so does
 * following one of its links or actions.
 */
export function HeaderMenu({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const { pathname, search } = useLocation();

  const [shownAt, setShownAt] = useState(pathname + search);
  if (shownAt !== pathname + search) {
    setShownAt(pathname + search);
    if (open) setOpen(false);
  }

  useEffect(() => {
    if (!open) return;
    panel.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panel.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  return (
    <>
      <button
        ref={button}
        type="button"
        className="icon-button header-menu-button"
        aria-expanded={open}
        aria-controls="app-header-menu"
        aria-label={t('design.menu')}
        onClick={() => setOpen((was) => !was)}
      >
        {open ? <X {...decorative} /> : <Menu {...decorative} />}
      </button>
      <div
        ref={panel}
        id="app-header-menu"
        className={`header-menu${open ? ' is-open' : ''}`}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && open) {
            setOpen(false);
            button.current?.focus();
          }
        }}
        onClick={(event) => {
          // An action or a link was chosen; a disclosure's own button only opens its list.
          const chosen = (event.target as HTMLElement).closest('a, button');
          if (open && chosen && !chosen.hasAttribute('aria-expanded')) setOpen(false);
        }}
      >
        {children}
      </div>
    </>
  );
}
