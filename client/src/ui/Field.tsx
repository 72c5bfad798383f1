import { useId, type InputHTMLAttributes, type ReactNode, type Ref, type TextareaHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldMessage } from './form-messages';

type Common = { label: ReactNode; error?: string; hint?: ReactNode; className?: string };

function useDescribers(error: string | undefined, hint: ReactNode) {
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  const hintId = hint ? `${id}-hint` : undefined;
  return { id, errorId, hintId, describedBy: [hintId, errorId].filter(Boolean).join(' ') || undefined };
}

function Describers({ error, errorId, hint, hintId }: { error?: string; errorId?: string; hint: ReactNode; hintId?: string }) {
  const { t } = useTranslation();
  return (
    <>
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="field-error" role="alert">
          {fieldMessage(t, error)}
        </p>
      ) : null}
    </>
  );
}

/** What people type in their own language keeps its direction, whatever the interface's is (an input of that type). */
export const textDirection = (type: string | undefined): 'auto' | undefined =>
  type === undefined || type === 'text' || type === 'search' ? 'auto' : undefined;

export type TextFieldProps = Common & InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> };

/** A labelled input whose hint and error are announced with it. */
export function TextField({ label, error, hint, className, ref, ...input }: TextFieldProps) {
  const d = useDescribers(error, hint);
  return (
    <div className={`field${error ? ' field-invalid' : ''}${className ? ` ${className}` : ''}`}>
      <label htmlFor={d.id} className="field-label">
        {label}
        {input.required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <input
        ref={ref}
        id={d.id}
        className="input"
        dir={textDirection(input.type)}
        aria-invalid={error ? true : undefined}
        aria-describedby={d.describedBy}
        {...input}
      />
      <Describers error={error} errorId={d.errorId} hint={hint} hintId={d.hintId} />
    </div>
  );
}

export type TextAreaFieldProps = Common & TextareaHTMLAttributes<HTMLTextAreaElement> & { ref?: Ref<HTMLTextAreaElement> };

export function TextAreaField({ label, error, hint, className, ref, ...area }: TextAreaFieldProps) {
  const d = useDescribers(error, hint);
  return (
    <div className={`field${error ? ' field-invalid' : ''}${className ? ` ${className}` : ''}`}>
      <label htmlFor={d.id} className="field-label">
        {label}
      </label>
      <textarea
        ref={ref}
        id={d.id}
        className="input"
        dir="auto"
        aria-invalid={error ? true : undefined}
        aria-describedby={d.describedBy}
        {...area}
      />
      <Describers error={error} errorId={d.errorId} hint={hint} hintId={d.hintId} />
    </div>
  );
}

export type CheckboxFieldProps = Common & InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement>; switch?: boolean };

/** A checkbox (or a switch: same control, announced as a switch) with its label beside it. */
export function CheckboxField({ label, error, hint, className, ref, switch: asSwitch, ...input }: CheckboxFieldProps) {
  const d = useDescribers(error, hint);
  return (
    <div className={`field field-check${error ? ' field-invalid' : ''}${className ? ` ${className}` : ''}`}>
      <input
        ref={ref}
        id={d.id}
        type="checkbox"
        role={asSwitch ? 'switch' : undefined}
        className={asSwitch ? 'switch' : 'checkbox'}
        aria-invalid={error ? true : undefined}
        aria-describedby={d.describedBy}
        {...input}
      />
      <label htmlFor={d.id} className="field-label">
        {label}
      </label>
      <Describers error={error} errorId={d.errorId} hint={hint} hintId={d.hintId} />
    </div>
  );
}
