import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { textDirection } from '../../../../ui/Field';
import { fieldKind } from '../post-form';
import { videoEmbedUrl } from '../video';
import { EntryList } from './EntryList';
import { entryLabel, type FieldProps } from './field-props';
import { EntryError, FieldFrame } from './FieldFrame';

const INPUT_TYPE: Record<string, string> = { number: 'number', date: 'date', datetime: 'datetime-local', video: 'url', text: 'text' };

function VideoPreview({ url }: { url: string }) {
  const { t } = useTranslation();
  const embed = videoEmbedUrl(url);
  if (!embed) return null;
  return (
    <div className="video-preview">
      <iframe
        src={embed}
        title={t('post_editor.video_preview')}
        loading="lazy"
        allow="encrypted-media; picture-in-picture"
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
      />
    </div>
  );
}

/** Text, long text, markdown, number, date, date and time and video URL: one box per value. */
export function TextEntries({ field, entries, onChange, errorAt }: FieldProps<string>) {
  const { t } = useTranslation();
  const id = useId();
  const kind = fieldKind(field);
  const multiline = kind === 'textarea' || kind === 'markdown';
  return (
    <FieldFrame field={field} error={errorAt('')}>
      {(describedBy) => (
        <EntryList
          entries={entries}
          cardinality={field.cardinality}
          label={field.label}
          blank=""
          onChange={onChange}
          render={(entry, index, update) => {
            const error = errorAt(String(index));
            const errorId = `${id}-${index}-error`;
            const common = {
              'aria-label': entryLabel(field.label, index, entries.length),
              'aria-invalid': error ? true : undefined,
              'aria-describedby': [describedBy, error ? errorId : null].filter(Boolean).join(' ') || undefined,
              className: 'input',
              value: entry,
              required: field.required && index === 0 ? true : undefined,
            } as const;
            return (
              <>
                {multiline ? (
                  <textarea {...common} dir="auto" rows={kind === 'markdown' ? 6 : 4} onChange={(e) => update(e.target.value)} />
                ) : (
                  <input
                    {...common}
                    type={INPUT_TYPE[kind] ?? 'text'}
                    dir={textDirection(INPUT_TYPE[kind])}
                    step={kind === 'number' ? (field.type === 'int' ? 1 : 'any') : kind === 'datetime' ? 900 : undefined}
                    inputMode={kind === 'number' ? (field.type === 'int' ? 'numeric' : 'decimal') : undefined}
                    onChange={(e) => update(e.target.value)}
                  />
                )}
                {kind === 'markdown' ? <p className="field-hint">{t('post_editor.markdown_hint')}</p> : null}
                <EntryError id={errorId} message={error} />
                {kind === 'video' && !error ? <VideoPreview url={entry} /> : null}
              </>
            );
          }}
        />
      )}
    </FieldFrame>
  );
}
