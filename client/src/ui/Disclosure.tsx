import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { ChevronDown, decorative } from './icons';

/**
 * A button that shows a panel of links or actions below it (the disclosure pattern: simpler and
 * more predictable for keyboard and screen-reader users than an ARIA menu). Escape and a click
 * outside close it.
 */
export function Disclosure({
  label,
  children,
  className,
  buttonClassName = 'button button-ghost',
  buttonLabel,
  caret = true,
}: {
  label: ReactNode;
  /** The button's accessible name, when its content is an icon. */
  buttonLabel?: string;
  /** A chevron after the label; an icon-only button (⋮) goes without. */
  caret?: boolean;
  children: (close: () => void) => ReactNode;
  className?: string;
  buttonClassName?: string;
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open]);

  const close = () => setOpen(false);

  return (
    <div
      ref={root}
      className={`disclosure${className ? ` ${className}` : ''}`}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          setOpen(false);
          button.current?.focus();
        }
      }}
      onBlur={(event) => {
        if (open && root.current && !root.current.contains(event.relatedTarget as Node | null) && event.relatedTarget) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        className={buttonClassName}
        aria-label={buttonLabel}
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((v) => !v)}
      >
        {label}
        {caret ? <ChevronDown {...decorative} className="icon caret" /> : null}
      </button>
      <div id={id} className="disclosure-panel" hidden={!open}>
        {open ? children(close) : null}
      </div>
    </div>
  );
}
