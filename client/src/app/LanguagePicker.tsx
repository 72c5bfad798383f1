import { useId } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../i18n/i18n';
import { baseLanguage, LANGUAGES } from '../i18n/languages';
import { saveLanguage } from '../session/session-storage';
import { useServices } from '../providers/services-context';

export function LanguagePicker() {
  const { t, i18n } = useTranslation();
  const { storage, api } = useServices();
  const id = useId();
  // The general settings screen edits the site's language; the picker waits there (spec 3 section 2).
  const locked = useLocation().pathname.replace(/\/+$/, '') === '/settings/general';
  return (
    <div className="language-picker">
      <label htmlFor={id} className="visually-hidden">
        {t('language.label')}
      </label>
      <select
        id={id}
        className="select select-compact"
        value={baseLanguage(i18n.language)}
        disabled={locked}
        onChange={(event) => {
          const code = event.target.value;
          saveLanguage(storage, code);
          // Server texts come back in the new language too (Accept-Language).
          api.clearCache();
          void changeLanguage(code);
        }}
      >
        {LANGUAGES.map((language) => (
          <option key={language.code} value={language.code} lang={language.code}>
            {language.name}
          </option>
        ))}
      </select>
    </div>
  );
}
