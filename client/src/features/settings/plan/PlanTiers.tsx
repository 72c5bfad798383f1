import { useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ENTERPRISE_URL } from './plan-links';

type Tab = 'basic' | 'enterprise';
const TABS: Tab[] = ['basic', 'enterprise'];
const BASIC_FEATURES = ['deployment', 'admins', 'posts', 'collection', 'visualisation', 'import_export'] as const;

/** Basic (self-service, the default) and Enterprise tabs, one shown at a time (spec 3 section 2). */
export function PlanTiers({ signUpUrl, subscribed }: { signUpUrl: string; subscribed: boolean }) {
  const { t } = useTranslation();
  const [active, setActive] = useState<Tab>('basic');
  const buttons = useRef<Record<Tab, HTMLButtonElement | null>>({ basic: null, enterprise: null });

  // Arrow keys move between tabs (the ARIA tabs pattern); only the active tab is in the tab order.
  const onKeyDown = (event: KeyboardEvent) => {
    const step = { ArrowRight: 1, ArrowLeft: -1, Home: -TABS.length, End: TABS.length }[event.key];
    if (step === undefined) return;
    event.preventDefault();
    const rtl = document.documentElement.dir === 'rtl' && Math.abs(step) === 1 ? -1 : 1;
    const index = Math.min(Math.max(TABS.indexOf(active) + step * rtl, 0), TABS.length - 1);
    const next = TABS[index] ?? 'basic';
    setActive(next);
    buttons.current[next]?.focus();
  };

  return (
    <div className="plan-tiers">
      <div role="tablist" aria-label={t('plan.tiers_label')} className="tabs plan-tabs" onKeyDown={onKeyDown}>
        {TABS.map((tab) => (
          <button
            key={tab}
            ref={(el) => {
              buttons.current[tab] = el;
            }}
            type="button"
            role="tab"
            id={`plan-tab-${tab}`}
            aria-controls={`plan-panel-${tab}`}
            aria-selected={active === tab}
            tabIndex={active === tab ? 0 : -1}
            className="tab"
            onClick={() => setActive(tab)}
          >
            {t(`plan.${tab}.tab`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="plan-panel-basic" aria-labelledby="plan-tab-basic" hidden={active !== 'basic'} className="plan-tier">
        <p className="badge">{t('plan.basic.kind')}</p>
        <h2>{t('plan.basic.name')}</h2>
        <p>{t('plan.basic.summary')}</p>
        <p className="plan-price">{t('plan.basic.price')}</p>
        <ul className="plan-features">
          {BASIC_FEATURES.map((feature) => (
            <li key={feature}>{t(`plan.basic.features.${feature}`)}</li>
          ))}
        </ul>
        {subscribed ? (
          <button type="button" className="button button-primary" disabled>
            {t('plan.subscribed')}
          </button>
        ) : (
          <a className="button button-primary" href={signUpUrl} target="_blank" rel="noopener noreferrer">
            {t('plan.sign_up')}
          </a>
        )}
      </div>
      <div
        role="tabpanel"
        id="plan-panel-enterprise"
        aria-labelledby="plan-tab-enterprise"
        hidden={active !== 'enterprise'}
        className="plan-tier"
      >
        <p className="badge">{t('plan.enterprise.kind')}</p>
        <h2>{t('plan.enterprise.name')}</h2>
        <p>{t('plan.enterprise.summary')}</p>
        <p className="plan-price">{t('plan.enterprise.price')}</p>
        <a className="button button-primary" href={ENTERPRISE_URL} target="_blank" rel="noopener noreferrer">
          {t('plan.contact_us')}
        </a>
      </div>
    </div>
  );
}
