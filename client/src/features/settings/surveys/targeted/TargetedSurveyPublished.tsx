import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { getForm, listAttributes } from '../../../../api/endpoints/forms';
import { getFormStats } from '../../../../api/endpoints/stats';
import { useLiveQuery } from '../../../../providers/query/useLiveQuery';
import { useServices } from '../../../../providers/services-context';
import { useScreenMeta } from '../../../../providers/useScreenMeta';
import { SURVEY_LIST_PATH } from '../SurveyEditor';
import { ReviewPanel, StepIndicator } from './TargetedSteps';
import './targeted.css';

/** The data view of one survey's responses. */
export const responsesPath = (formId: number) => `/views/data?form=${formId}`;

/**
 * /settings/surveys/targeted-survey/published/{id} (spec 3 section 2): the sent survey at step 4,
 * with its pending, sent and response counts, which pushed message events refresh (live-keys:
 * `form-stats`), and View responses.
 */
export function TargetedSurveyPublished() {
  const { t } = useTranslation();
  const { api } = useServices();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const form = useLiveQuery(['form', id], () => getForm(api, id), { enabled: valid });
  const attributes = useLiveQuery(['form', id, 'attributes'], () => listAttributes(api, id), { enabled: valid });
  const stats = useLiveQuery(['form-stats', id], () => getFormStats(api, id, {}), { enabled: valid });
  useScreenMeta(form.data?.name ?? t('targeted.published_title'), { robots: 'noindex, nofollow' });
  if (!valid) return <Navigate to="/404" replace />;

  const questions = (attributes.data ?? []).filter((a) => a.type !== 'title' && a.type !== 'description');
  const count = (n: number | undefined) => (stats.data ? String(n ?? 0) : '…');
  return (
    <section aria-labelledby="targeted-published-title" className="targeted-survey">
      <div className="page-header">
        <h1 id="targeted-published-title">{form.data?.name ?? t('targeted.published_title')}</h1>
        <Link to={SURVEY_LIST_PATH} className="button button-ghost">
          {t('targeted.to_surveys')}
        </Link>
      </div>
      <StepIndicator current="review" />
      {form.isError ? <p className="form-alert">{t('targeted.published_failed')}</p> : null}
      {form.data && !form.data.targeted_survey ? <p className="form-alert">{t('targeted.not_targeted')}</p> : null}
      {form.data ? (
        <div className="targeted-step-panel">
          {form.data.description ? <p className="screen-intro">{form.data.description}</p> : null}
          <dl className="targeted-counts" aria-live="polite">
            <div data-testid="count-recipients">
              <dt>{t('targeted.recipients')}</dt>
              <dd>{count(stats.data?.total_recipients)}</dd>
            </div>
            <div data-testid="count-pending">
              <dt>{t('targeted.pending')}</dt>
              <dd>{count(stats.data?.total_messages_pending)}</dd>
            </div>
            <div data-testid="count-sent">
              <dt>{t('targeted.sent')}</dt>
              <dd>{count(stats.data?.total_messages_sent)}</dd>
            </div>
            <div data-testid="count-responses">
              <dt>{t('targeted.responses')}</dt>
              <dd>{count(stats.data?.total_responses)}</dd>
            </div>
          </dl>
          <h2>{t('targeted.questions_label')}</h2>
          <ol className="targeted-questions targeted-questions-static">
            {questions.map((q) => (
              <li key={q.id} className="targeted-question">
                <span className="targeted-question-label" dir="auto">
                  {q.label}
                </span>
              </li>
            ))}
          </ol>
          <ReviewPanel
            readOnly
            requireApproval={form.data.require_approval}
            hideAuthor={form.data.hide_author}
            questions={questions.length}
            recipients={stats.data?.total_recipients ?? 0}
          />
          <div className="targeted-actions">
            <Link to={responsesPath(id)} className="button button-primary">
              {t('targeted.view_responses')}
            </Link>
          </div>
        </div>
      ) : (
        <p className="loading" role="status">
          {form.isError ? null : t('app.loading')}
        </p>
      )}
    </section>
  );
}
