import type { Form } from '@platform/shared';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { listForms } from '../../api/endpoints/forms';
import { useServices } from '../../providers/services-context';
import { useLiveQuery } from '../../providers/query/useLiveQuery';
import { useSession } from '../session/useSession';
import { allowedSurveys } from '../common/allowed-surveys';
import { useKeepFilters } from '../common/useKeepFilters';
import { Plus, decorative } from '../../ui/icons';
import './add-post.css';

const NO_PERMISSIONS: string[] = [];

type Allowed = { status: 'loading' } | { status: 'ready'; surveys: Form[] } | { status: 'error' };

/** The surveys this person may post in, read again when someone logs in or out. */
export function useAllowedSurveys(): Allowed {
  const { api, notices } = useServices();
  const { t } = useTranslation();
  const { session } = useSession();
  const role = session?.grantType === 'password' ? session.role : null;
  const permissions = session?.grantType === 'password' ? session.permissions : NO_PERMISSIONS;
  const forms = useLiveQuery(['forms'], () => listForms(api));
  useEffect(() => {
    if (forms.error) notices.apiError(forms.error, t('post_editor.surveys_failed'));
  }, [forms.error, notices, t]);
  return useMemo(() => {
    if (forms.isError) return { status: 'error' };
    return forms.data ? { status: 'ready', surveys: allowedSurveys(forms.data, { role, permissions }) } : { status: 'loading' };
  }, [forms.isError, forms.data, role, permissions]);
}

/**
 * The add-post button (spec 2 screen 12): with one allowed survey it goes straight to its form,
 * otherwise it opens the list of surveys. Disabled until the surveys have loaded; targeted
 * surveys never show. `primary` is the view's own button, given a place in the layout so it never
 * covers content: at the end of the map's and the data view's toolbar on a wide screen, a round +
 * in the header's row on a phone (add-post.css).
 */
export function AddPostButton({ primary = false }: { primary?: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const keep = useKeepFilters();
  const allowed = useAllowedSurveys();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const surveys = allowed.status === 'ready' ? allowed.surveys : [];
  if (allowed.status === 'ready' && surveys.length === 0) return null;
  const single = surveys.length === 1 ? surveys[0] : undefined;

  return (
    <div className={`add-post${primary ? ' add-post-primary' : ''}`} ref={root}>
      <button
        type="button"
        className="button button-primary"
        disabled={allowed.status !== 'ready'}
        aria-expanded={single ? undefined : open}
        aria-controls={single ? undefined : menuId}
        onClick={() => (single ? void navigate(keep(`/posts/create/${single.id}`)) : setOpen((o) => !o))}
      >
        <Plus {...decorative} />
        <span className="add-post-label">{t('post_editor.add_post')}</span>
      </button>
      {open && !single ? (
        <div id={menuId} className="add-post-menu" role="group" aria-label={t('post_editor.choose_survey')}>
          <p className="add-post-menu-title">{t('post_editor.choose_survey')}</p>
          <ul className="menu-list">
            {surveys.map((survey) => (
              <li key={survey.id}>
                <Link to={keep(`/posts/create/${survey.id}`)} onClick={() => setOpen(false)}>
                  <span className="survey-dot" style={{ background: survey.color ?? undefined }} aria-hidden="true" />
                  {survey.name}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
