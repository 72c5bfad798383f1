import { useId } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CheckboxField, TextField } from '../../ui/Field';
import type { ContactRow, ContactsFormValues } from './contacts.model';

/** One contact: notify switch and configure toggle; configuring reveals the edit field and delete. */
export function ContactRowItem({
  form,
  index,
  onDelete,
}: {
  form: UseFormReturn<ContactsFormValues>;
  index: number;
  onDelete: (row: ContactRow) => void;
}) {
  const { t } = useTranslation();
  const configId = useId();
  const row = useWatch({ control: form.control, name: `contacts.${index}` });
  const error = form.formState.errors.contacts?.[index]?.contact?.message;
  const typeLabel = t(`contact.type.${row.type}`, { defaultValue: row.type });
  // The visible label says "Delete"; the hidden part says which contact, for screen readers.
  const hidden = (
    <>
      {' '}
      <span className="visually-hidden">{row.original.contact}</span>
    </>
  );

  return (
    <li className={`contact-row${row.active ? ' is-active' : ''}`}>
      <div className="contact-summary">
        <div className="contact-identity">
          <span className="contact-type">{typeLabel}</span>
          <span className="contact-value">{row.original.contact}</span>
          {row.login ? <span className="badge">{t('contact.login_email')}</span> : null}
        </div>
        <CheckboxField
          switch
          className="contact-notify"
          label={
            <>
              {t('contact.send_notifications')}
              {hidden}
            </>
          }
          {...form.register(`contacts.${index}.can_notify`)}
        />
        <button
          type="button"
          className="button button-ghost button-small"
          aria-expanded={row.active}
          aria-controls={configId}
          onClick={() => form.setValue(`contacts.${index}.active`, !row.active)}
        >
          {t('contact.configure')}
          {hidden}
        </button>
      </div>
      <div id={configId} className="contact-config" hidden={!row.active}>
        {row.active ? (
          <>
            <TextField
              label={t('contact.edit_label', { type: typeLabel })}
              type={row.type === 'email' ? 'email' : row.type === 'phone' ? 'tel' : 'text'}
              error={error}
              {...form.register(`contacts.${index}.contact`)}
            />
            {!row.login && row.id !== null ? (
              <button type="button" className="button button-danger button-small" onClick={() => onDelete(row)}>
                {t('common.delete')}
                {hidden}
              </button>
            ) : null}
          </>
        ) : null}
      </div>
    </li>
  );
}
