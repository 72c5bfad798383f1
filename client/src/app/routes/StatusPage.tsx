import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useScreenMeta } from '../../providers/useScreenMeta';

function StatusPage({ title, message }: { title: string; message: string }) {
  const { t } = useTranslation();
  useScreenMeta(title, { robots: 'noindex, nofollow' });
  return (
    <section className="status-page" aria-labelledby="status-title">
      <h1 id="status-title">{title}</h1>
      <p className="status-message">{message}</p>
      <p>
        <Link to="/views/map" className="button button-primary">
          {t('status.home')}
        </Link>
      </p>
    </section>
  );
}

export function ForbiddenPage() {
  const { t } = useTranslation();
  return <StatusPage title={t('forbidden.title')} message={t('forbidden.message')} />;
}

export function NotFoundPage() {
  const { t } = useTranslation();
  return <StatusPage title={t('not_found.title')} message={t('not_found.message')} />;
}
