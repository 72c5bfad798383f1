import type { Form } from '@platform/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { deleteForm, listForms } from '../../../api/endpoints/forms';
import { useServices } from '../../../providers/services-context';
import { useScreenMeta } from '../../../providers/useScreenMeta';
import { useConfig } from '../../../providers/config-context';
import { isFeatureEnabled } from '../../../providers/features';
import { useLiveQuery } from '../../../providers/query/useLiveQuery';
import { apiErrorTexts } from '../../notices/api-error-text';
import { DeleteSurveyDialog } from './DeleteSurveyDialog';
import { SURVEY_LIST_PATH, type SavedSurveyState } from './SurveyEditor';
import type { TargetedPublishedState } from './targeted/TargetedSurveyCreate';
import { responsesPath } from './targeted/TargetedSurveyPublished';
import { Skeleton } from '../../../ui/Skeleton';
import { EmptyState } from '../../../ui/EmptyState';
import { Inbox, X, decorative } from '../../../ui/icons';

/** After a targeted survey is published: the success notice with its button to the data view (spec 3 section 4). */
function PublishedBanner({ published, onDismiss }: { published: TargetedPublishedState['targetedPublished']; onDismiss: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="saved-banner" role="status">
      <p>
        {t('targeted.published_notice', { name: published.name })}{' '}
        <Link to={responsesPath(published.id)} className="button button-small">
          {t('targeted.view_responses')}
        </Link>
      </p>
      <button type="button" className="icon-button" onClick={onDismiss} aria-label={t('common.close')}>
        <X {...decorative} />
      </button>
    </div>
  );
}

/** After a save: the survey is stored, and here is where posts are added to it (spec 3 section 4). */
function SavedBanner({ saved, onDismiss }: { saved: SavedSurveyState['savedSurvey']; onDismiss: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="saved-banner" role="status">
      <p>
        {t('notify.form.save_success', { name: saved.name })} <Link to={`/posts/create/${saved.id}`}>{t('survey.add_to_survey')}</Link>
      </p>
      <button type="button" className="icon-button" onClick={onDismiss} aria-label={t('common.close')}>
        <X {...decorative} />
      </button>
    </div>
  );
}

/** Surveys with new survey, duplicate and delete (spec 3 section 2). */
export function SurveyList() {
  const { t } = useTranslation();
  const { api, notices } = useServices();
  const location = useLocation();
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState<Form | null>(null);
  const saved = (location.state as Partial<SavedSurveyState> | null)?.savedSurvey;
  const published = (location.state as Partial<TargetedPublishedState> | null)?.targetedPublished;
  const { features } = useConfig();
  const targetedOn = isFeatureEnabled(features, 'targeted-surveys');
  useScreenMeta(t('survey.list_title'), { robots: 'noindex, nofollow' });

  const query = useLiveQuery(['forms'], () => listForms(api));
  const load = query.isPending
    ? { status: 'loading' as const }
    : query.isError
      ? { status: 'error' as const }
      : { status: 'ready' as const, surveys: query.data };

  const remove = async (survey: Form) => {
    try {
      await deleteForm(api, survey.id);
      notices.success(t('notify.form.destroy_success', { name: survey.name }));
      setDeleting(null);
      void query.refetch();
    } catch (error) {
      notices.warning(t('notify.form.destroy_error'), apiErrorTexts(t, error));
    }
  };

  return (
    <section aria-labelledby="surveys-title">
      <div className="page-header">
        <h1 id="surveys-title">{t('survey.list_title')}</h1>
        <div className="row-actions">
          {targetedOn ? (
            <Link to={`${SURVEY_LIST_PATH}/targeted-survey/create`} className="button">
              {t('targeted.new')}
            </Link>
          ) : null}
          <Link to={`${SURVEY_LIST_PATH}/create`} className="button button-primary">
            {t('survey.new')}
          </Link>
        </div>
      </div>
      {saved ? <SavedBanner saved={saved} onDismiss={() => void navigate('.', { replace: true, state: null })} /> : null}
      {published ? <PublishedBanner published={published} onDismiss={() => void navigate('.', { replace: true, state: null })} /> : null}
      {load.status === 'loading' ? <Skeleton shape="row" /> : null}
      {load.status === 'error' ? <p className="form-alert">{t('survey.list_failed')}</p> : null}
      {load.status === 'ready' && load.surveys.length === 0 ? <EmptyState icon={Inbox}>{t('survey.none')}</EmptyState> : null}
      {load.status === 'ready' && load.surveys.length > 0 ? (
        <ul className="settings-list">
          {load.surveys.map((survey) => (
            <li key={survey.id} className="settings-row">
              <span
                className={`color-dot${survey.color ? '' : ' color-dot-none'}`}
                style={survey.color ? { background: survey.color } : undefined}
                aria-hidden="true"
              />
              <div className="settings-row-text">
                <Link to={`${SURVEY_LIST_PATH}/edit/${survey.id}`} className="settings-row-title">
                  {survey.name}
                </Link>
                {survey.description ? <span className="settings-row-description">{survey.description}</span> : null}
                {survey.targeted_survey ? <span className="badge">{t('survey.targeted_badge')}</span> : null}
              </div>
              <div className="row-actions">
                {survey.targeted_survey ? (
                  <Link
                    to={`${SURVEY_LIST_PATH}/targeted-survey/published/${survey.id}`}
                    className="button button-ghost button-small"
                    aria-label={t('targeted.progress_named', { name: survey.name })}
                  >
                    {t('targeted.progress')}
                  </Link>
                ) : null}
                <Link
                  to={`${SURVEY_LIST_PATH}/duplicate/${survey.id}`}
                  className="button button-ghost button-small"
                  aria-label={t('survey.duplicate_named', { name: survey.name })}
                >
                  {t('survey.duplicate')}
                </Link>
                <button
                  type="button"
                  className="button button-ghost button-small"
                  onClick={() => setDeleting(survey)}
                  aria-label={t('survey.delete_named', { name: survey.name })}
                >
                  {t('common.delete')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      {deleting ? <DeleteSurveyDialog name={deleting.name} onCancel={() => setDeleting(null)} onConfirm={() => remove(deleting)} /> : null}
    </section>
  );
}
