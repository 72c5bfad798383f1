import { useTranslation } from 'react-i18next';

type Shape = 'card' | 'detail' | 'row';

const LINES: Record<Shape, string[]> = {
  card: ['title', 'text', 'meta'],
  detail: ['heading', 'meta', 'text', 'text', 'text-short', 'block'],
  row: ['title', 'text-short'],
};

/**
 * Grey placeholders in the shape of what is loading (cards, a post, settings rows), so the page
 * does not jump when it arrives. Busy and announced once as loading; the shapes are hidden from
 * assistive technology. The shimmer stops for those who ask for reduced motion (components.css).
 */
export function Skeleton({ shape, count = 3, announce = true }: { shape: Shape; count?: number; announce?: boolean }) {
  const { t } = useTranslation();
  // Where a status nearby already says "Loading…" (the list's count), the shapes say nothing more.
  return (
    <div className={`skeleton skeleton-${shape}`} role={announce ? 'status' : undefined} aria-busy="true">
      {announce ? <span className="visually-hidden">{t('app.loading')}</span> : null}
      {Array.from({ length: shape === 'detail' ? 1 : count }, (_, i) => (
        <div key={i} className="skeleton-item" aria-hidden="true">
          {LINES[shape].map((line, j) => (
            <span key={j} className={`skeleton-line skeleton-${line}`} />
          ))}
        </div>
      ))}
    </div>
  );
}
