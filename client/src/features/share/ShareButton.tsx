import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Share2, decorative } from '../../ui/icons';
import './share.css';

const ShareDialog = lazy(() => import('./ShareDialog').then((m) => ({ default: m.ShareDialog })));

/** Opens the share modal of the view shown (spec 2 screen 18). */
export function ShareButton() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="button button-ghost" onClick={() => setOpen(true)}>
        <Share2 {...decorative} />
        {t('share.button')}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <ShareDialog onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
