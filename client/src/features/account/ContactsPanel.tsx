import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { createContact, deleteContact, listMyContacts, updateContact } from '../../api/endpoints/contacts';
import { useServices } from '../../providers/services-context';
import { READ_ON_OPEN, useLiveQuery } from '../../providers/query/useLiveQuery';
import { apiErrorTexts } from '../notices/api-error-text';
import { useSession } from '../session/useSession';
import { canSave, buildRows, ContactsFormSchema, plannedWrites, type ContactRow, type ContactsFormValues } from './contacts.model';
import { ContactRowItem } from './ContactRowItem';
import { NewContactFields } from './NewContactFields';
import { NotificationList } from './NotificationList';

const EMPTY: ContactsFormValues = { contacts: [], newContact: { type: 'email', contact: '' } };

/**
 * Contacts and notifications (spec 1 sections 2, 4, 5): the list, the add block, the subscriptions.
 * Saving keeps the panel open and says so, so a second contact or a notification follows at once.
 */
export function ContactsPanel({ onCancel, onSaved }: { onCancel: () => void; onSaved?: () => void }) {
  const { t } = useTranslation();
  const { api, notices, dialogs } = useServices();
  const { session } = useSession();
  const loginEmail = session?.email ?? null;
  const form = useForm<ContactsFormValues>({ resolver: zodResolver(ContactsFormSchema), defaultValues: EMPTY });
  const { fields } = useFieldArray({ control: form.control, name: 'contacts', keyName: 'fieldKey' });
  const values = useWatch({ control: form.control }) as ContactsFormValues;
  const { isSubmitting } = form.formState;
  const [saved, setSaved] = useState(false);
  const pending = canSave(values);

  // Every answer fills the form (an unchanged one too: after a failed save it shows what the server holds).
  const query = useLiveQuery(
    ['contacts', loginEmail],
    async () => {
      const contacts = await listMyContacts(api);
      form.reset({ contacts: buildRows(contacts, loginEmail), newContact: { type: 'email', contact: '' } });
      return contacts;
    },
    READ_ON_OPEN,
  );
  const reload = () => void query.refetch();
  const status = query.isError ? 'error' : query.isSuccess ? 'ready' : 'loading';

  const submit = form.handleSubmit(async (current) => {
    const failures: string[] = [];
    for (const write of plannedWrites(current)) {
      try {
        if (write.kind === 'update') await updateContact(api, write.id, write.body);
        else await createContact(api, write.body);
      } catch (error) {
        failures.push(...apiErrorTexts(t, error));
      }
    }
    if (failures.length > 0) {
      setSaved(false);
      notices.warning(t('contact.error_message'), failures);
      reload();
      return;
    }
    notices.success(t('notify.contact.save_success'));
    setSaved(true);
    reload();
    onSaved?.();
  });

  const remove = async (row: ContactRow) => {
    if (row.id === null) return;
    const ok = await dialogs.confirm({
      title: t('contact.delete_title'),
      message: t('contact.delete_confirm', { contact: row.original.contact }),
      confirmLabel: t('common.delete'),
      danger: true,
    });
    if (!ok) return;
    try {
      await deleteContact(api, row.id);
      notices.success(t('notify.contact.destroy_success', { contact: row.original.contact }));
    } catch (error) {
      notices.warning(t('contact.error_message'), apiErrorTexts(t, error));
    }
    reload();
  };

  return (
    <form noValidate onSubmit={submit} className="contacts-form">
      <section aria-labelledby="contacts-heading" className="form-section">
        <h3 id="contacts-heading">{t('contact.list_title')}</h3>
        {status === 'loading' ? <p role="status">{t('app.loading')}</p> : null}
        {status === 'error' ? (
          <p className="form-alert" role="alert">
            {t('contact.load_failed')}
          </p>
        ) : null}
        {status === 'ready' && fields.length === 0 ? <p className="empty-state">{t('contact.none')}</p> : null}
        <ul className="contact-list">
          {fields.map((field, index) => (
            <ContactRowItem key={field.fieldKey} form={form} index={index} onDelete={(row) => void remove(row)} />
          ))}
        </ul>
      </section>
      <NewContactFields form={form} />
      <NotificationList />
      {saved && !pending && !isSubmitting ? (
        <p className="form-saved" role="status">
          {t('contact.saved')}
        </p>
      ) : null}
      <div className="dialog-footer">
        <button type="button" className="button button-ghost" onClick={onCancel} disabled={isSubmitting}>
          {pending ? t('common.cancel') : t('common.close')}
        </button>
        <button
          type="submit"
          className="button button-primary"
          disabled={status !== 'ready' || !pending || isSubmitting}
          aria-busy={isSubmitting || undefined}
        >
          {isSubmitting ? t('common.saving') : t('common.save')}
        </button>
      </div>
    </form>
  );
}
