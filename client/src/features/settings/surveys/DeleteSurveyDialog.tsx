import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../ui/Dialog';
import { TextField } from '../../../ui/Field';

/**
 * Deleting a survey takes its tasks, fields and posts with it, so the admin types the survey's
 * exact name first (spec 3 section 5: notify.form.delete_form_error on a mismatch).
 */
export function DeleteSurveyDialog({ name, onCancel, onConfirm }: { name: string; onCancel: () => void; onConfirm: () => Promise<void> }) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [checked, setChecked] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const matches = typed === name;
  const mismatch = checked && typed !== '' && !matches;

  const submit = async () => {
    setChecked(true);
    if (!matches) return;
    setDeleting(true);
    try {
      await onConfirm();
    } finally {
      setDeleting(false);
    }
  };

  return (
    <Dialog title={t('survey.delete_title')} size="small" onClose={deleting ? undefined : onCancel}>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <p>{t('survey.delete_warning', { name })}</p>
        <TextField
          label={t('survey.delete_type_name', { name })}
          value={typed}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => setTyped(event.target.value)}
          onBlur={() => setChecked(true)}
          // Enter does not submit while the delete button is disabled: it still checks the name.
          onKeyDown={(event) => event.key === 'Enter' && setChecked(true)}
          error={mismatch ? 'notify.form.delete_form_error' : undefined}
        />
        <div className="dialog-footer">
          <button type="button" className="button button-ghost" onClick={onCancel} disabled={deleting}>
            {t('common.cancel')}
          </button>
          <button type="submit" className="button button-danger" disabled={!matches || deleting} aria-busy={deleting || undefined}>
            {deleting ? t('common.processing') : t('survey.delete_confirm')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
