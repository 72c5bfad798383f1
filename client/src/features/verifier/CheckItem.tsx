import { useTranslation } from 'react-i18next';
import type { CheckId, CheckOutcome } from './verifier-checks';

/** One check: its name, a status word (never colour alone), the finding and what to do about it. */
export function CheckItem({ id, outcome }: { id: CheckId; outcome: CheckOutcome | 'running' | 'skipped' | 'pending' }) {
  const { t } = useTranslation();
  const status = typeof outcome === 'string' ? outcome : outcome.status;
  return (
    <li className={`check check-${status}`} aria-busy={status === 'running' || undefined}>
      <div className="check-head">
        <h2 className="check-title">{t(`verifier.checks.${id}.title`)}</h2>
        <span className="check-status">{t(`verifier.status.${status}`)}</span>
      </div>
      <p className="check-about">{t(`verifier.checks.${id}.about`)}</p>
      {typeof outcome === 'string' ? null : (
        <>
          <p className="check-summary">{t(outcome.summary.key, outcome.summary.values)}</p>
          {outcome.lines?.length ? (
            <ul className="check-lines">
              {outcome.lines.map((line) => (
                <li key={line.label} className={line.ok ? 'line-ok' : 'line-failed'}>
                  <span className="check-line-label">
                    {line.ok ? t('verifier.line_ok') : t('verifier.line_failed')}{' '}
                    <code>
                      <bdi>{line.label}</bdi>
                    </code>
                  </span>{' '}
                  {t(line.text.key, line.text.values)}
                </li>
              ))}
            </ul>
          ) : null}
          {outcome.problems?.length ? (
            <ul className="check-lines">
              {outcome.problems.map((problem, index) => (
                <li key={index}>
                  <strong>{problem.message}</strong>
                  {problem.explainer ? <p className="check-explainer">{problem.explainer}</p> : null}
                </li>
              ))}
            </ul>
          ) : null}
        </>
      )}
    </li>
  );
}
