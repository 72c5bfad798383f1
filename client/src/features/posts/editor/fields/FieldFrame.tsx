import type { Attribute } from '@platform/shared';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldMessage } from '../../../../ui/form-messages';

/** One survey field: its label (with * when required), instructions, the field-wide error, its inputs. */
export function FieldFrame({
  field,
  error,
  children,
  actions,
}: {
  field: Pick<Attribute, 'label' | 'instructions' | 'required'>;
  error?: string;
  children: (describedBy: string | undefined) => ReactNode;
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  const id = useId();
  const hintId = field.instructions ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset className={`post-field${error ? ' field-invalid' : ''}`} aria-describedby={describedBy}>
      <legend className="field-label">
        {field.label}
        {field.required ? <span aria-hidden="true"> *</span> : null}
      </legend>
      {field.instructions ? (
        <p id={hintId} className="field-hint">
          {field.instructions}
        </p>
      ) : null}
      {children(describedBy)}
      {error ? (
        <p id={errorId} className="field-error" role="alert">
          {fieldMessage(t, error)}
        </p>
      ) : null}
      {actions}
    </fieldset>
  );
}

/** A message under one entry (an entry of a multi-value field, or a lat/lon box). */
export function EntryError({ id, message }: { id: string; message?: string }) {
  const { t } = useTranslation();
  if (!message) return null;
  return (
    <p id={id} className="field-error" role="alert">
      {fieldMessage(t, message)}
    </p>
  );
}
