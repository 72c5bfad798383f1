import { useTranslation } from 'react-i18next';
import { useSession } from '../features/session/useSession';
import { Disclosure } from '../ui/Disclosure';

export const SUPPORT_LINKS = {
  documentation: 'https://docs.ushahidi.com',
  reportBug: 'https://github.com/ushahidi/platform/issues/new',
  features: 'https://www.ushahidi.com/features',
} as const;

/** Set at build time (VITE_CHAT_APP_ID); chat support is offered only with it (spec 1 section 2). */
const chatAppId = (import.meta.env.VITE_CHAT_APP_ID as string | undefined) ?? '';

export function SupportMenu() {
  const { t } = useTranslation();
  const { loggedIn } = useSession();
  return (
    <Disclosure label={t('support.menu')} className="support-menu">
      {(close) => (
        <ul className="menu-list">
          <li>
            <a href={SUPPORT_LINKS.documentation} target="_blank" rel="noopener noreferrer" onClick={close}>
              {t('support.documentation')}
            </a>
          </li>
          <li>
            <a href={SUPPORT_LINKS.reportBug} target="_blank" rel="noopener noreferrer" onClick={close}>
              {t('support.report_bug')}
            </a>
          </li>
          <li>
            <a href={SUPPORT_LINKS.features} target="_blank" rel="noopener noreferrer" onClick={close}>
              {t('support.features')}
            </a>
          </li>
          {loggedIn && chatAppId ? (
            <li>
              <a href={`https://intercom.help/${encodeURIComponent(chatAppId)}`} target="_blank" rel="noopener noreferrer" onClick={close}>
                {t('support.chat')}
              </a>
            </li>
          ) : null}
        </ul>
      )}
    </Disclosure>
  );
}
