import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type ReactNode } from 'react';
import { useForm, type UseFormSetError } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '../../../i18n/languages';
import { CheckboxField, TextAreaField, TextField } from '../../../ui/Field';
import { ImageField } from '../../../ui/ImageField';
import { SelectField } from '../../../ui/SelectField';
import { GeneralSettingsSchema, type GeneralSettingsInput, type GeneralSettingsValues, type SiteSwitches } from './general.schema';
import { MapFields } from './MapFields';

export type LogoChange = { file: File | null; remove: boolean };
export type GeneralSubmit = (
  values: GeneralSettingsValues,
  change: { languageChanged: boolean; logo: LogoChange },
  setError: UseFormSetError<GeneralSettingsInput>,
) => Promise<boolean>;

/**
 * General settings (spec 3 section 2): deployment name, description, logo, contact e-mail,
 * language, private and registration switches, then `between` (the API key) and the map
 * defaults. While saving every input is disabled; a failed save gives them back.
 */
export function GeneralForm({
  defaults,
  currentLogo,
  switches,
  between,
  onSubmit,
}: {
  defaults: GeneralSettingsInput;
  currentLogo: string | null;
  switches: SiteSwitches;
  between?: ReactNode;
  onSubmit: GeneralSubmit;
}) {
  const { t } = useTranslation();
  const [logo, setLogo] = useState<LogoChange & { problem: string | null }>({ file: null, remove: false, problem: null });
  const form = useForm<GeneralSettingsInput, unknown, GeneralSettingsValues>({
    resolver: zodResolver(GeneralSettingsSchema),
    mode: 'onChange',
    defaultValues: defaults,
  });
  const { errors, isSubmitting, isDirty, dirtyFields } = form.formState;
  const logoChanged = logo.file !== null || logo.remove;

  const submit = form.handleSubmit(async (values) => {
    const saved = await onSubmit(values, { languageChanged: dirtyFields.language === true, logo }, form.setError);
    if (saved) {
      form.reset(form.getValues());
      setLogo({ file: null, remove: false, problem: null });
    }
  });

  return (
    <form noValidate onSubmit={submit} className="settings-form" aria-busy={isSubmitting || undefined}>
      <fieldset className="fieldset-plain" disabled={isSubmitting}>
        <fieldset className="form-section">
          <legend>{t('general_settings.site_section')}</legend>
          <TextField label={t('general_settings.name')} required error={errors.name?.message} {...form.register('name')} />
          <TextAreaField label={t('general_settings.description')} rows={3} {...form.register('description')} />
          <ImageField
            label={t('general_settings.logo')}
            file={logo.file}
            current={logo.remove ? null : currentLogo}
            error={logo.problem}
            onChange={(file, problem) => setLogo({ file: problem ? null : file, remove: false, problem })}
            onRemoveCurrent={() => setLogo({ file: null, remove: true, problem: null })}
          />
          <TextField
            label={t('general_settings.email')}
            type="email"
            autoComplete="email"
            hint={t('general_settings.email_hint')}
            error={errors.email?.message}
            {...form.register('email')}
          />
          <SelectField label={t('general_settings.language')} {...form.register('language')}>
            {LANGUAGES.some((l) => l.code === defaults.language) ? null : <option value={defaults.language}>{defaults.language}</option>}
            {LANGUAGES.map((language) => (
              <option key={language.code} value={language.code} lang={language.code}>
                {language.name}
              </option>
            ))}
          </SelectField>
          {switches.privateEnabled ? (
            <CheckboxField
              switch
              label={t('general_settings.private')}
              hint={t('general_settings.private_hint')}
              {...form.register('private')}
            />
          ) : null}
          {switches.registrationSwitchEnabled ? (
            <CheckboxField
              switch
              label={t('general_settings.disable_registration')}
              hint={t('general_settings.disable_registration_hint')}
              {...form.register('disable_registration')}
            />
          ) : null}
        </fieldset>
        {between}
        <MapFields form={form} precisionEnabled={switches.precisionEnabled} />
      </fieldset>
      <div className="form-actions">
        <button
          type="submit"
          className="button button-primary"
          disabled={isSubmitting || logo.problem !== null || !(isDirty || logoChanged)}
          aria-busy={isSubmitting || undefined}
        >
          {isSubmitting ? t('common.saving') : t('common.save')}
        </button>
      </div>
    </form>
  );
}
