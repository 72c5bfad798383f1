import { useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useNotices } from '../providers/services-context';
import { X, decorative } from '../ui/icons';

/** Notices live in their own layer beside the app, so an open dialog never makes them inert. */
function noticesLayer(): HTMLElement {
  const existing = document.getElementById('notices-layer');
  if (existing) return existing;
  const layer = document.createElement('div');
  layer.id = 'notices-layer';
  layer.setAttribute('data-modal-exempt', '');
  document.body.appendChild(layer);
  return layer;
}

/** Toasts: polite for news, assertive for problems; each closes by itself after 5 s. */
export function NoticeList() {
  const { t } = useTranslation();
  const { notices, list } = useNotices();
  const [layer] = useState(noticesLayer);
  return createPortal(
    <div className="notices" aria-live="polite">
      {list.map((notice) => (
        <div
          key={notice.id}
          className={`notice notice-${notice.kind}`}
          role={notice.kind === 'success' || notice.kind === 'info' ? 'status' : 'alert'}
        >
          <div className="notice-text">
            <p>{notice.message}</p>
            {notice.details.length > 0 ? (
              <ul>
                {notice.details.map((detail, i) => (
                  <li key={i}>{detail}</li>
                ))}
              </ul>
            ) : null}
          </div>
          <button type="button" className="icon-button" onClick={() => notices.dismiss(notice.id)} aria-label={t('common.close')}>
            <X {...decorative} />
          </button>
        </div>
      ))}
    </div>,
    layer,
  );
}
