import { Trans, useTranslation } from 'react-i18next';
import { getSiteConfig } from '../../../api/endpoints/config';
import { useConfig } from '../../../providers/config-context';
import { useServices } from '../../../providers/services-context';
import { useScreenMeta } from '../../../providers/useScreenMeta';
import { useLiveQuery } from '../../../providers/query/useLiveQuery';
import { useSession } from '../../session/useSession';
import { basicSignUpUrl, CONTACT_URL, GRASSROOTS_URL, SOURCE_CODE_URL } from './plan-links';
import { PlanTiers } from './PlanTiers';
import { BASIC_TIER, LEGACY_FREE_TIERS, LEGACY_PAID_TIERS, tierName } from './tiers';

const FAQ_PERMISSIONS = ['Manage Users', 'Manage Posts', 'Manage Settings', 'Bulk Data Import', 'Edit their own posts'];
const INFO_BLOCKS = [
  { id: 'grassroots', href: GRASSROOTS_URL },
  { id: 'open_source', href: SOURCE_CODE_URL },
  { id: 'organisations', href: CONTACT_URL },
  { id: 'funders', href: CONTACT_URL },
] as const;

/** /settings/plan (spec 3 sections 2 and 9): the current tier, the plans, info blocks and a FAQ. */
export function PlanPage() {
  const { t } = useTranslation();
  const { api } = useServices();
  const config = useConfig();
  const { session, admin } = useSession();
  // Spec 3 section 7: the plan page reads the tier from the site group itself.
  useScreenMeta(t('plan.page_title'), { robots: 'noindex, nofollow' });

  const site = useLiveQuery(['config', 'site'], () => getSiteConfig(api)).data ?? config.site;

  const tier = site.tier ?? 'free';
  const legacy = LEGACY_PAID_TIERS.includes(tier) ? 'paid' : LEGACY_FREE_TIERS.includes(tier) ? 'free' : null;
  const signUpUrl = basicSignUpUrl(window.location.origin, session?.email ?? '');

  return (
    <section aria-labelledby="plan-title" className="plan-page">
      <div className="screen-header">
        <h1 id="plan-title">{t('plan.title')}</h1>
      </div>
      <p>
        <Trans t={t} i18nKey="plan.current" values={{ tier: tierName(tier) }} components={{ strong: <strong /> }} />
      </p>
      {admin && legacy ? (
        <div className="alert alert-warning" role="status">
          <p>{t(`plan.legacy_${legacy}`, { plan: tierName(tier) })}</p>
        </div>
      ) : null}
      <div className="alert alert-info">
        <p>{t('plan.revamp')}</p>
        <p>{t('plan.covid')}</p>
      </div>
      <PlanTiers signUpUrl={signUpUrl} subscribed={tier === BASIC_TIER} />
      <p>{t('plan.about')}</p>
      <ul className="info-blocks">
        {INFO_BLOCKS.map((block) => (
          <li key={block.id} className="info-block">
            <h3>{t(`plan.info.${block.id}.title`)}</h3>
            <p>{t(`plan.info.${block.id}.text`)}</p>
            <a href={block.href} target="_blank" rel="noopener noreferrer">
              {t(`plan.info.${block.id}.link`)}
            </a>
          </li>
        ))}
      </ul>
      <section aria-labelledby="plan-faq-title" className="faq">
        <h2 id="plan-faq-title">{t('plan.faq.title')}</h2>
        {(['deployment', 'admins', 'posts', 'demo'] as const).map((q) => (
          <details key={q}>
            <summary>{t(`plan.faq.${q}.question`)}</summary>
            <p>{t(`plan.faq.${q}.answer`)}</p>
          </details>
        ))}
        <details>
          <summary>{t('plan.faq.roles.question')}</summary>
          <p>{t('plan.faq.roles.answer')}</p>
          <ul>
            {FAQ_PERMISSIONS.map((permission) => (
              <li key={permission}>{t(`plan.faq.roles.permissions.${permission.replace(/\s+/g, '_').toLowerCase()}`)}</li>
            ))}
          </ul>
        </details>
      </section>
    </section>
  );
}
