import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { updateConfig } from '../../api/endpoints/config';
import { uploadMedia } from '../../api/endpoints/media';
import { applyPointerErrors } from '../../api/form-errors';
import { useConfig } from '../../providers/config-context';
import { useServices } from '../../providers/services-context';
import { TextAreaField, TextField } from '../../ui/Field';
import { ImageField } from '../../ui/ImageField';
import { CustomizeSchema, type CustomizeForm } from './wizard.schema';

/** Name, description and header image. Continue is off while invalid, unchanged or saving (spec 1 section 2). */
export function CustomizeStep({ onDone, onSkip, skipping }: { onDone: () => void; onSkip: () => void; skipping: boolean }) {
  const { t } = useTranslation();
  const { api, notices } = useServices();
  const { site } = useConfig();
  const [image, setImage] = useState<{ file: File | null; problem: string | null }>({ file: null, problem: null });
  const form = useForm<CustomizeForm>({
    resolver: zodResolver(CustomizeSchema),
    mode: 'onChange',
    defaultValues: { name: site.name ?? '', description: site.description ?? '' },
  });
  const { errors, isValid, isDirty, isSubmitting } = form.formState;
  const changed = isDirty || image.file !== null;
  const busy = isSubmitting || skipping;

  const submit = form.handleSubmit(async (values) => {
    try {
      const media = image.file ? await uploadMedia(api, image.file) : null;
      await updateConfig(api, 'site', {
        name: values.name,
        description: values.description,
        ...(media ? { image_header: media.original_file_url } : {}),
      });
      onDone();
    } catch (error) {
      notices.warning(t('first_login.save_failed'), applyPointerErrors(error, form.setError, ['name', 'description']));
    }
  });

  return (
    <form noValidate onSubmit={submit}>
      <h3 className="step-title">{t('first_login.customize.title')}</h3>
      <p>{t('first_login.customize.intro')}</p>
      <TextField label={t('first_login.customize.name')} required error={errors.name?.message} {...form.register('name')} />
      <TextAreaField label={t('first_login.customize.description')} rows={3} {...form.register('description')} />
      <ImageField
        label={t('first_login.customize.image')}
        file={image.file}
        current={site.image_header}
        error={image.problem}
        onChange={(file, problem) => setImage({ file: problem ? null : file, problem })}
      />
      <div className="dialog-footer">
        <button type="button" className="button button-ghost" onClick={onSkip} disabled={busy}>
          {t('first_login.skip')}
        </button>
        <button
          type="submit"
          className="button button-primary"
          disabled={!isValid || !changed || busy || image.problem !== null}
          aria-busy={isSubmitting || undefined}
        >
          {isSubmitting ? t('common.saving') : t('common.continue')}
        </button>
      </div>
    </form>
  );
}
