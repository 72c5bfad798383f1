import { UNGROUPED_MAX_POINTS } from '@platform/shared';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CheckboxField, TextField } from '../../../ui/Field';
import { BASELAYERS, precisionKilometres, type GeneralSettingsInput, type GeneralSettingsValues } from './general.schema';

/** Default map view, base layer, location precision and clustering (spec 3 section 5). */
export function MapFields({
  form,
  precisionEnabled,
}: {
  form: UseFormReturn<GeneralSettingsInput, unknown, GeneralSettingsValues>;
  precisionEnabled: boolean;
}) {
  const { t, i18n } = useTranslation();
  const { errors } = form.formState;
  const precision = useWatch({ control: form.control, name: 'location_precision' });
  const digits = Number(precision);
  const precisionValid = precision.trim() !== '' && Number.isInteger(digits) && digits >= 0 && digits <= 9;
  const kilometres = precisionValid
    ? new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 9 }).format(precisionKilometres(digits))
    : null;

  return (
    <fieldset className="form-section">
      <legend>{t('general_settings.map_section')}</legend>
      <div className="field-row">
        <TextField
          label={t('general_settings.latitude')}
          inputMode="decimal"
          required
          hint={t('general_settings.latitude_hint')}
          error={errors.lat?.message}
          {...form.register('lat')}
        />
        <TextField
          label={t('general_settings.longitude')}
          inputMode="decimal"
          required
          hint={t('general_settings.longitude_hint')}
          error={errors.lon?.message}
          {...form.register('lon')}
        />
        <TextField
          label={t('general_settings.zoom')}
          inputMode="numeric"
          required
          hint={t('general_settings.zoom_hint')}
          error={errors.zoom?.message}
          {...form.register('zoom')}
        />
      </div>
      <fieldset className="fieldset-plain">
        <legend>{t('general_settings.baselayer')}</legend>
        <div className="radio-row">
          {BASELAYERS.map((layer) => (
            <label key={layer} className="radio">
              <input type="radio" value={layer} {...form.register('baselayer')} />
              {t(`general_settings.baselayers.${layer}`)}
            </label>
          ))}
        </div>
      </fieldset>
      {precisionEnabled ? (
        <TextField
          label={t('general_settings.location_precision')}
          inputMode="numeric"
          required
          hint={
            kilometres === null
              ? t('general_settings.location_precision_hint')
              : t('general_settings.location_precision_km', { km: kilometres })
          }
          error={errors.location_precision?.message}
          {...form.register('location_precision')}
        />
      ) : null}
      <CheckboxField
        label={t('general_settings.clustering')}
        hint={t('general_settings.clustering_hint', { limit: UNGROUPED_MAX_POINTS })}
        {...form.register('clustering')}
      />
    </fieldset>
  );
}
