import { useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { focusableIn, pushModal, trapTab } from './focus';
import { X, decorative } from './icons';

export type DialogProps = {
  title: ReactNode;
  /** Without it the dialog cannot be dismissed (Escape and the close button are off). */
  onClose?: () => void;
  children: ReactNode;
  /** Buttons row; rendered after the body. */
  footer?: ReactNode;
  size?: 'small' | 'medium' | 'large';
  /** Extra text read after the title. */
  description?: ReactNode;
  className?: string;
};

/**
 * A modal dialog: rendered in its own layer, focus moved in and trapped, the rest of the page
 * inert, Escape closes when closable, focus returns to where it was on close.
 */
export function Dialog({ title, onClose, children, footer, size = 'medium', description, className }: DialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const descriptionId = useId();
  const [container] = useState(() => {
    const div = document.createElement('div');
    div.className = 'dialog-layer';
    return div;
  });
  const panel = useRef<HTMLDivElement>(null);
  const closeRef = useRef(onClose);

  useLayoutEffect(() => {
    closeRef.current = onClose;
  });

  useLayoutEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    document.body.appendChild(container);
    const release = pushModal(container);
    return () => {
      release();
      container.remove();
      if (previous?.isConnected) previous.focus();
    };
  }, [container]);

  useEffect(() => {
    const root = panel.current;
    if (!root) return;
    const preferred = root.querySelector<HTMLElement>('[data-autofocus]') ?? focusableIn(root.querySelector('.dialog-body') ?? root)[0];
    (preferred ?? root).focus();
  }, []);

  return createPortal(
    <div className="dialog-backdrop">
      <div
        ref={panel}
        className={`dialog dialog-${size}${className ? ` ${className}` : ''}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && closeRef.current) {
            event.stopPropagation();
            closeRef.current();
          }
          if (panel.current) trapTab(event, panel.current);
        }}
      >
        <header className="dialog-header">
          <h2 id={titleId} className="dialog-title">
            {title}
          </h2>
          {onClose ? (
            <button type="button" className="icon-button" onClick={onClose} aria-label={t('common.close')}>
              <X {...decorative} />
            </button>
          ) : null}
        </header>
        {description ? (
          <p id={descriptionId} className="dialog-description">
            {description}
          </p>
        ) : null}
        <div className="dialog-body">{children}</div>
        {footer ? <div className="dialog-footer">{footer}</div> : null}
      </div>
    </div>,
    container,
  );
}
