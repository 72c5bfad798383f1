import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { pageWindow } from './pager-window';

/** Previous, up to five numbered pages and next, as links (the page lives in the URL). */
export function Pager({
  page,
  pageCount,
  hrefFor,
  label,
}: {
  page: number;
  pageCount: number;
  hrefFor: (page: number) => string;
  label: string;
}) {
  const { t } = useTranslation();
  if (pageCount <= 1) return null;
  const step = (target: number, text: string) =>
    target >= 1 && target <= pageCount ? <Link to={hrefFor(target)}>{text}</Link> : <span aria-disabled="true">{text}</span>;
  return (
    <nav className="pager" aria-label={label}>
      <ul>
        <li>{step(page - 1, t('pager.previous'))}</li>
        {pageWindow(page, pageCount).map((n) => (
          <li key={n}>
            <Link to={hrefFor(n)} aria-current={n === page ? 'page' : undefined} aria-label={t('pager.page', { page: n })}>
              {n}
            </Link>
          </li>
        ))}
        <li>{step(page + 1, t('pager.next'))}</li>
      </ul>
    </nav>
  );
}
