import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { isApiError } from '../../../api/errors';
import { SURVEY_LIST_PATH, SurveyEditor } from './SurveyEditor';
import { useSurveyEditorData, type EditorMode } from './useSurveyEditorData';

/** `/settings/surveys/create` and `/settings/surveys/{edit|duplicate}/{id}`: loads, then builds. */
export function SurveyEditorScreen({ mode }: { mode: EditorMode }) {
  const { t } = useTranslation();
  const params = useParams();
  const id = mode === 'create' ? null : /^\d{1,9}$/.test(params.id ?? '') ? Number(params.id) : NaN;
  const load = useSurveyEditorData(mode, Number.isNaN(id) ? null : id);

  if (Number.isNaN(id)) return <Navigate to="/404" replace />;
  if (load.status === 'loading') {
    return (
      <p className="loading" role="status">
        {t('app.loading')}
      </p>
    );
  }
  if (load.status === 'error') {
    const missing = isApiError(load.error) && load.error.status === 404;
    return (
      <div className="form-alert" role="alert">
        <p>{missing ? t('survey.not_found') : t('survey.load_failed')}</p>
        <p>
          <Link to={SURVEY_LIST_PATH}>{t('survey.back_to_list')}</Link>
        </p>
      </div>
    );
  }
  return <SurveyEditor key={`${mode}-${id}`} mode={mode} data={load.data} />;
}
