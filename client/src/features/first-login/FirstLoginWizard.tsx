import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { updateConfig } from '../../api/endpoints/config';
import { useConfig } from '../../providers/config-context';
import { useServices } from '../../providers/services-context';
import { apiErrorTexts } from '../notices/api-error-text';
import { Dialog } from '../../ui/Dialog';
import { CustomizeStep } from './CustomizeStep';

type Step = 'customize' | 'firstPost';

/**
 * The first-login wizard for whoever may update the site (spec 1 sections 2, 6): customize, then
 * add a first post or invite users. Skipping or finishing sets first_login false.
 */
export default function FirstLoginWizard() {
  const { t } = useTranslation();
  const { api, dialogs, notices } = useServices();
  const { reload } = useConfig();
  const [step, setStep] = useState<Step>('customize');
  const [finishing, setFinishing] = useState(false);

  const finish = async () => {
    setFinishing(true);
    try {
      await updateConfig(api, 'site', { first_login: false });
      dialogs.dismiss('firstLogin');
      await reload();
    } catch (error) {
      notices.warning(t('first_login.save_failed'), apiErrorTexts(t, error));
      setFinishing(false);
    }
  };

  const number = step === 'customize' ? 1 : 2;
  return (
    <Dialog
      title={t('first_login.title')}
      size="medium"
      description={t('first_login.step', { current: number, total: 2 })}
      onClose={finishing ? undefined : () => void finish()}
    >
      {step === 'customize' ? (
        <CustomizeStep onDone={() => setStep('firstPost')} onSkip={() => void finish()} skipping={finishing} />
      ) : (
        <div>
          <h3 className="step-title">{t('first_login.first_post.title')}</h3>
          <p>{t('first_login.first_post.intro')}</p>
          <ul className="choice-list">
            <li>
              <Link to="/views/data" className="choice" onClick={() => void finish()}>
                <span className="choice-title">{t('first_login.first_post.add_post')}</span>
                <span className="choice-description">{t('first_login.first_post.add_post_hint')}</span>
              </Link>
            </li>
            <li>
              <Link to="/settings/users/create" className="choice" onClick={() => void finish()}>
                <span className="choice-title">{t('first_login.first_post.invite')}</span>
                <span className="choice-description">{t('first_login.first_post.invite_hint')}</span>
              </Link>
            </li>
          </ul>
          <div className="dialog-footer">
            <button type="button" className="button button-ghost" onClick={() => setStep('customize')} disabled={finishing}>
              {t('common.back')}
            </button>
            <button
              type="button"
              className="button button-primary"
              onClick={() => void finish()}
              disabled={finishing}
              aria-busy={finishing || undefined}
            >
              {finishing ? t('common.saving') : t('first_login.finish')}
            </button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
