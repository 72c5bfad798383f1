import { useEffect, useId, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { IMAGE_ACCEPT, imageProblem } from '../features/media/image-rules';

/**
 * Picks an image file, checks it (type and 1 MB), previews it. `current` is the stored image URL;
 * `onChange(null)` removes the choice.
 */
export function ImageField({
  label,
  file,
  current,
  error,
  onChange,
  onRemoveCurrent,
}: {
  label: string;
  file: File | null;
  current?: string | null;
  error?: string | null;
  onChange: (file: File | null, problem: string | null) => void;
  onRemoveCurrent?: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : null), [file]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);
  const shown = preview ?? current ?? null;

  return (
    <div className={`field image-field${error ? ' field-invalid' : ''}`}>
      <span id={`${id}-label`} className="field-label">
        {label}
      </span>
      {shown ? <img src={shown} alt={t('image.preview')} className="image-preview" /> : null}
      {/* The browser's own file button speaks the browser's language; this one speaks the interface's. */}
      <div className="file-pick-row">
        <input
          ref={input}
          id={id}
          type="file"
          accept={IMAGE_ACCEPT}
          className="visually-hidden-file"
          aria-labelledby={`${id}-label`}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          onChange={(event) => {
            const chosen = event.target.files?.[0] ?? null;
            onChange(chosen, chosen ? imageProblem(chosen) : null);
          }}
        />
        <label htmlFor={id} className="button button-ghost button-small file-pick">
          {shown ? t('image.replace') : t('image.choose')}
        </label>
        <span className="file-pick-name" dir="auto">
          {file ? file.name : shown ? null : t('image.none')}
        </span>
      </div>
      <p id={`${id}-hint`} className="field-hint">
        {t('image.hint')}
      </p>
      {error ? (
        <p id={`${id}-error`} className="field-error" role="alert">
          {t(error)}
        </p>
      ) : null}
      {file || (current && onRemoveCurrent) ? (
        <button
          type="button"
          className="button button-ghost button-small"
          onClick={() => {
            if (input.current) input.current.value = '';
            if (file) onChange(null, null);
            else onRemoveCurrent?.();
          }}
        >
          {t('image.remove')}
        </button>
      ) : null}
    </div>
  );
}
