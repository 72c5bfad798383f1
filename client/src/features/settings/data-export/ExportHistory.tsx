import { useTranslation } from 'react-i18next';
import { listMyExportJobs } from '../../../api/endpoints/exports';
import { useServices } from '../../../providers/services-context';
import { useLiveQuery } from '../../../providers/query/useLiveQuery';
import { useLoadFailedNotice } from '../../notices/useLoadFailedNotice';

const when = (value: string | number | null, locale: string) =>
  value === null ? '' : new Date(typeof value === 'number' ? value * 1000 : value).toLocaleString(locale);

/** The Export history tab (spec 3 section 2): the caller's jobs whose link still works. Refetched on `export.*` pushes. */
export function ExportHistory() {
  const { t, i18n } = useTranslation();
  const { api } = useServices();
  const jobs = useLiveQuery(['exports'], () => listMyExportJobs(api, new Date()));
  useLoadFailedNotice(jobs.error, t('data_export.history_failed'));
  if (!jobs.data) return <p role="status">{t('app.loading')}</p>;
  if (jobs.data.length === 0) return <p>{t('data_export.history_empty')}</p>;
  return (
    <table className="export-history">
      <thead>
        <tr>
          <th scope="col">{t('data_export.id')}</th>
          <th scope="col">{t('data_export.status')}</th>
          <th scope="col">{t('data_export.created')}</th>
          <th scope="col">{t('data_export.expires')}</th>
          <th scope="col">{t('data_export.link')}</th>
        </tr>
      </thead>
      <tbody>
        {jobs.data.map((job) => (
          <tr key={job.id}>
            <td>{job.id}</td>
            <td>{t(`data_export.statuses.${job.status}`)}</td>
            <td>{when(job.created, i18n.language)}</td>
            <td>{when(job.url_expiration, i18n.language)}</td>
            <td>
              {job.url ? (
                <a href={job.url} download>
                  {t('data_export.download')}
                </a>
              ) : null}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
