import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TextField } from '../../../ui/Field';

/** Where people add posts to the survey, and where its posts are seen (saved surveys only). */
export function ShareTab({ surveyId }: { surveyId: number }) {
  const { t } = useTranslation();
  const createPath = `/posts/create/${surveyId}`;
  const dataPath = `/views/data?form=${surveyId}`;
  const origin = window.location.origin;
  return (
    <div className="share-tab">
      <TextField
        label={t('survey.share_link')}
        value={`${origin}${createPath}`}
        readOnly
        hint={t('survey.share_link_hint')}
        onFocus={(e) => e.target.select()}
      />
      <p>
        <Link to={createPath}>{t('survey.open_create')}</Link>
      </p>
      <TextField
        label={t('survey.data_link')}
        value={`${origin}${dataPath}`}
        readOnly
        hint={t('survey.data_link_hint')}
        onFocus={(e) => e.target.select()}
      />
      <p>
        <Link to={dataPath}>{t('survey.open_data')}</Link>
      </p>
    </div>
  );
}
