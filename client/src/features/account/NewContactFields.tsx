import { useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../ui/Field';
import type { ContactsFormValues } from './contacts.model';

/** The add-contact block: e-mail or phone, then the address. */
export function NewContactFields({ form }: { form: UseFormReturn<ContactsFormValues> }) {
  const { t } = useTranslation();
  const type = useWatch({ control: form.control, name: 'newContact.type' });
  const error = form.formState.errors.newContact?.contact?.message;
  return (
    <fieldset className="form-section add-contact">
      <legend>{t('contact.add_title')}</legend>
      <div className="radio-row" role="radiogroup" aria-label={t('contact.add_type')}>
        <label className="radio">
          <input type="radio" value="email" {...form.register('newContact.type')} />
          {t('contact.type.email')}
        </label>
        <label className="radio">
          <input type="radio" value="phone" {...form.register('newContact.type')} />
          {t('contact.type.phone')}
        </label>
      </div>
      <TextField
        label={type === 'phone' ? t('contact.new_phone') : t('contact.new_email')}
        type={type === 'phone' ? 'tel' : 'email'}
        inputMode={type === 'phone' ? 'numeric' : 'email'}
        autoComplete="off"
        hint={type === 'phone' ? t('contact.phone_hint') : undefined}
        error={error}
        {...form.register('newContact.contact')}
      />
    </fieldset>
  );
}
