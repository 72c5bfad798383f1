import { Trans, useTranslation } from 'react-i18next';

/**
 * What an anonymous visitor of a private deployment sees behind the login dialog (spec 1 sections
 * 2 and 6): that the site is private and whom to ask for access; nothing is loaded for them.
 */
export default function PrivateSiteNotice({ siteName, email }: { siteName: string; email: string | null | undefined }) {
  const { t } = useTranslation();
  return (
    <section className="status-page private-notice" aria-labelledby="private-notice-title">
      <h1 id="private-notice-title">{t('private_site.title', { name: siteName })}</h1>
      <p>{t('private_site.body')}</p>
      {email ? (
        <p>
          <Trans i18nKey="private_site.contact" values={{ email }} components={{ mail: <a href={`mailto:${email}`} /> }} />
        </p>
      ) : null}
    </section>
  );
}
