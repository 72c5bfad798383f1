import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IMAGE_ACCEPT, imageProblem } from '../../../media/image-rules';
import type { MediaEntry } from '../post-form';
import { EntryList } from './EntryList';
import { entryLabel, type FieldProps } from './field-props';
import { EntryError, FieldFrame } from './FieldFrame';

const BLANK: MediaEntry = { id: null, url: null, caption: '', file: null };

function Photo({
  entry,
  label,
  withCaption,
  error,
  onChange,
}: {
  entry: MediaEntry;
  label: string;
  withCaption: boolean;
  error?: string;
  onChange: (entry: MediaEntry) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const preview = useMemo(() => (entry.file ? URL.createObjectURL(entry.file) : null), [entry.file]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);
  const shown = preview ?? entry.url;
  const message = problem ? t(problem) : error;
  return (
    <div className="photo-entry">
      {shown ? <img src={shown} alt={entry.caption || t('post_editor.photo_preview')} className="image-preview" /> : null}
      <input
        id={`${id}-file`}
        type="file"
        accept={IMAGE_ACCEPT}
        className="visually-hidden-file"
        aria-label={shown ? t('post_editor.photo_replace_of', { label }) : label}
        aria-describedby={message ? `${id}-error` : undefined}
        onChange={(event) => {
          const file = event.target.files?.[0] ?? null;
          event.target.value = '';
          if (!file) return;
          const bad = imageProblem(file);
          setProblem(bad);
          if (!bad) onChange({ ...entry, id: null, url: null, file });
        }}
      />
      <label htmlFor={`${id}-file`} className="button button-ghost button-small file-pick">
        {shown ? t('post_editor.photo_replace') : t('post_editor.photo_choose')}
      </label>
      {shown ? (
        <button
          type="button"
          className="button button-ghost button-small"
          onClick={() => {
            setProblem(null);
            onChange(BLANK);
          }}
        >
          {t('post_editor.photo_delete')}
        </button>
      ) : null}
      {withCaption && shown ? (
        <div className="field">
          <label htmlFor={`${id}-caption`} className="field-label">
            {t('post_editor.photo_caption')}
          </label>
          <input
            id={`${id}-caption`}
            className="input"
            maxLength={255}
            value={entry.caption}
            onChange={(e) => onChange({ ...entry, caption: e.target.value })}
          />
        </div>
      ) : null}
      <p className="field-hint">{t('image.hint')}</p>
      <EntryError id={`${id}-error`} message={message ?? undefined} />
    </div>
  );
}

/** Photo upload with replace, delete and an optional caption (`config.hasCaption`); uploaded on save. */
export function PhotoField({ field, entries, onChange, errorAt }: FieldProps<MediaEntry>) {
  const withCaption = field.config.hasCaption === true;
  return (
    <FieldFrame field={field} error={errorAt('')}>
      {() => (
        <EntryList
          entries={entries}
          cardinality={field.cardinality}
          label={field.label}
          blank={BLANK}
          onChange={onChange}
          render={(entry, index, update) => (
            <Photo
              entry={entry}
              label={entryLabel(field.label, index, entries.length)}
              withCaption={withCaption}
              error={errorAt(String(index))}
              onChange={update}
            />
          )}
        />
      )}
    </FieldFrame>
  );
}
