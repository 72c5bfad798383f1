import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../providers/services-context';
import { useScreenMeta } from '../../providers/useScreenMeta';
import { CheckItem } from './CheckItem';
import { isDisabled, loadDisabledChecks, saveDisabledChecks, type DisabledChecks } from './disabled-checks';
import { DisabledChecksForm } from './DisabledChecksForm';
import { loadTranslationFiles } from './translations-loader';
import { CHECK_IDS, runCheck, type CheckDeps, type CheckId, type CheckOutcome } from './verifier-checks';
import './verifier.css';

type Results = Partial<Record<CheckId, CheckOutcome>>;

/**
 * The installer helper page (spec 3 section 2, "Installer verifier"; section 8 for what each
 * failure means). Anyone may open it: it is for the person installing the deployment.
 */
export function VerifierPage() {
  const { t } = useTranslation();
  const { storage } = useServices();
  const [disabled, setDisabled] = useState<DisabledChecks>(() => loadDisabledChecks(storage));
  // Each run has an id; results belong to the run that produced them.
  const [run, setRun] = useState<{ id: number; skip: DisabledChecks }>(() => ({ id: 1, skip: disabled }));
  const [progress, setProgress] = useState<{ runId: number; results: Results; done: boolean }>({ runId: 0, results: {}, done: false });
  useScreenMeta(t('verifier.title'), { robots: 'noindex, nofollow' });

  useEffect(() => {
    const checks = new AbortController();
    const deps: CheckDeps = {
      fetch: (...args) => globalThis.fetch(...args),
      origin: window.location.origin,
      storage,
      translations: loadTranslationFiles,
    };
    void (async () => {
      const results: Results = {};
      for (const id of CHECK_IDS) {
        if (isDisabled(run.skip, id)) continue;
        const outcome = await runCheck(id, deps);
        if (checks.signal.aborted) return;
        results[id] = outcome;
        setProgress({ runId: run.id, results: { ...results }, done: false });
      }
      if (!checks.signal.aborted) setProgress({ runId: run.id, results, done: true });
    })();
    return () => checks.abort();
  }, [run, storage]);

  const results = progress.runId === run.id ? progress.results : {};
  const running = progress.runId !== run.id || !progress.done;
  const current = running ? CHECK_IDS.find((id) => !isDisabled(run.skip, id) && !results[id]) : undefined;

  const changeDisabled = (next: DisabledChecks) => {
    setDisabled(next);
    saveDisabledChecks(storage, next);
  };

  const outcomes = CHECK_IDS.flatMap((id) => {
    const r = results[id];
    return r && !isDisabled(disabled, id) ? [r] : [];
  });
  const debugMode = outcomes.some((o) => o.debugMode === true);
  const passed = outcomes.filter((o) => o.status === 'passed').length;
  const toRun = CHECK_IDS.filter((id) => !isDisabled(disabled, id)).length;

  return (
    <section aria-labelledby="verifier-title" className="verifier">
      <h1 id="verifier-title">{t('verifier.title')}</h1>
      <p>{t('verifier.intro')}</p>
      {debugMode ? (
        <div className="debug-alert" role="alert">
          <p>
            <strong>{t('verifier.debug_on_title')}</strong>
          </p>
          <p>{t('verifier.debug_on')}</p>
        </div>
      ) : (
        <p className="field-hint">{t('verifier.debug_advice')}</p>
      )}
      <DisabledChecksForm disabled={disabled} onChange={changeDisabled} />
      <div className="verifier-actions">
        <button
          type="button"
          className="button button-primary"
          onClick={() => setRun((r) => ({ id: r.id + 1, skip: disabled }))}
          disabled={running}
        >
          {running ? t('verifier.running') : t('verifier.run_again')}
        </button>
        <p role="status" className="verifier-summary">
          {running
            ? t('verifier.running')
            : toRun === 0
              ? t('verifier.all_disabled')
              : t('verifier.summary', { passed, count: outcomes.length })}
        </p>
      </div>
      <ul className="check-list">
        {CHECK_IDS.map((id) => (
          <CheckItem
            key={id}
            id={id}
            outcome={isDisabled(disabled, id) ? 'skipped' : (results[id] ?? (id === current ? 'running' : 'pending'))}
          />
        ))}
      </ul>
    </section>
  );
}

export { VerifierPage as Component };
