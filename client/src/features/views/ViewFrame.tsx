import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useConfig } from '../../providers/config-context';
import { isViewEnabled } from '../../providers/features';
import { useScreenMeta } from '../../providers/useScreenMeta';

/**
 * The frame of a browsing view: title, meta and the plan check (a view the plan leaves out says so,
 * with the way to upgrade: spec 2 screen 22). The posts features render their content as children.
 */
export function ViewFrame({ view, title, children }: { view: string; title: string; children?: ReactNode }) {
  const { t } = useTranslation();
  const { features } = useConfig();
  useScreenMeta(title);
  const enabled = isViewEnabled(features, view);
  return (
    <section className={`view view-${view}`} aria-labelledby={`view-${view}-title`}>
      <h1 id={`view-${view}-title`} className="view-title">
        {title}
      </h1>
      {enabled ? (
        children
      ) : (
        <div className="view-unavailable">
          <p>{t('views.unavailable', { view: title })}</p>
          <Link to="/settings/plan" className="button button-primary button-small">
            {t('demo.upgrade')}
          </Link>
        </div>
      )}
    </section>
  );
}
