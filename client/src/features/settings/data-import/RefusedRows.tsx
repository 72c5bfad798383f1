import { useTranslation } from 'react-i18next';
import { csvErrorReport } from '../../../api/endpoints/csv';
import { useServices } from '../../../providers/services-context';
import { useLiveQuery } from '../../../providers/query/useLiveQuery';
import { parseErrorReport } from './error-report';

const SHOWN = 20;

/** The first refused rows with their reasons, and the whole report as a CSV download. */
export function RefusedRows({ importId, filename, errors }: { importId: number; filename: string; errors: number }) {
  const { t } = useTranslation();
  const { api, notices } = useServices();
  // Read once the import has ended, with the count it ended with (a new count reads it again).
  const report = useLiveQuery(['csv-errors', importId, errors], () => csvErrorReport(api, importId));
  const rows = report.data ? parseErrorReport(report.data) : [];

  const download = () => {
    if (!report.data) return notices.error(t('api_failure.unexpected'));
    const url = URL.createObjectURL(new Blob([report.data], { type: 'text/csv;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = `${filename.replace(/\.csv$/i, '')}-errors.csv`;
    link.click();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  };

  return (
    <section aria-labelledby="refused-title" className="import-refused">
      <h2 id="refused-title">{t('data_import.refused_title')}</h2>
      <table>
        <thead>
          <tr>
            <th scope="col">{t('data_import.row')}</th>
            <th scope="col">{t('data_import.column')}</th>
            <th scope="col">{t('data_import.reason')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.slice(0, SHOWN).map((row, i) => (
            <tr key={`${row.row}-${i}`}>
              <td>{row.row}</td>
              <td>{row.column}</td>
              <td>{row.reason}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {rows.length > SHOWN ? <p>{t('data_import.refused_more')}</p> : null}
      <button type="button" className="button" onClick={download} disabled={!report.data}>
        {t('data_import.download_errors')}
      </button>
    </section>
  );
}
