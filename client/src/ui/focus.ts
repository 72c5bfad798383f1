const FOCUSABLE = [
  'a[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

export function focusableIn(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => !el.closest('[inert]') && !el.hidden);
}

/** Keeps Tab and Shift+Tab inside `root`. */
export function trapTab(event: KeyboardEvent | React.KeyboardEvent, root: HTMLElement): void {
  if (event.key !== 'Tab') return;
  const items = focusableIn(root);
  if (items.length === 0) {
    event.preventDefault();
    root.focus();
    return;
  }
  const first = items[0] as HTMLElement;
  const last = items[items.length - 1] as HTMLElement;
  const active = root.ownerDocument.activeElement;
  if (event.shiftKey && (active === first || active === root)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}

// Open dialogs, innermost last: everything else in <body> is made inert while one is open, except
// layers marked data-modal-exempt (notices must still be heard and closed).
const stack: HTMLElement[] = [];

function applyInert(doc: Document) {
  const top = stack[stack.length - 1];
  for (const child of Array.from(doc.body.children)) {
    if (!(child instanceof HTMLElement) || child.hasAttribute('data-modal-exempt')) continue;
    if (top && child !== top) child.setAttribute('inert', '');
    else child.removeAttribute('inert');
  }
}

export function pushModal(container: HTMLElement): () => void {
  stack.push(container);
  applyInert(container.ownerDocument);
  return () => {
    const at = stack.indexOf(container);
    if (at >= 0) stack.splice(at, 1);
    applyInert(container.ownerDocument);
  };
}
