import type { Stage } from '@platform/shared';
import { useId, useState, type KeyboardEvent } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CheckboxField } from '../../../ui/Field';
import { fieldMessage } from '../../../ui/form-messages';
import { SurveyField } from './fields/SurveyField';
import { stageFields, type EditorModel, type EditorState } from './post-form';

/** The survey's tasks after the post task, as tabs (the first selected), each with "Task completed". */
export function TaskTabs({ model, tasks }: { model: EditorModel; tasks: Stage[] }) {
  const { t } = useTranslation();
  const id = useId();
  const [selected, setSelected] = useState(tasks[0]?.id ?? 0);
  const { control, setValue, formState } = useFormContext<EditorState>();
  const completed = useWatch({ control, name: 'completed_stages' });
  const task = tasks.find((s) => s.id === selected) ?? tasks[0];
  if (!task) return null;

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft') return;
    const rtl = document.dir === 'rtl' ? -1 : 1;
    const step = (event.key === 'ArrowRight' ? 1 : -1) * rtl;
    const next = tasks[(tasks.indexOf(task) + step + tasks.length) % tasks.length]!;
    setSelected(next.id);
    document.getElementById(`${id}-${next.id}-tab`)?.focus();
  };
  const stageError = fieldMessage(t, formState.errors.completed_stages?.message);

  return (
    <section className="post-tasks" aria-label={t('post_editor.tasks')}>
      <div role="tablist" aria-label={t('post_editor.tasks')} className="tabs" onKeyDown={onKeyDown}>
        {tasks.map((s) => (
          <button
            key={s.id}
            type="button"
            role="tab"
            id={`${id}-${s.id}-tab`}
            aria-selected={s.id === task.id}
            aria-controls={`${id}-${s.id}-panel`}
            tabIndex={s.id === task.id ? 0 : -1}
            className="tab"
            onClick={() => setSelected(s.id)}
          >
            {s.label}
            {completed.includes(s.id) ? <span className="task-done"> ✓</span> : null}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`${id}-${task.id}-panel`} aria-labelledby={`${id}-${task.id}-tab`} className="task-panel">
        {task.description ? <p className="field-hint">{task.description}</p> : null}
        <CheckboxField
          switch
          label={t('post_editor.task_completed')}
          checked={completed.includes(task.id)}
          onChange={(e) =>
            setValue('completed_stages', e.target.checked ? [...completed, task.id] : completed.filter((c) => c !== task.id), {
              shouldDirty: true,
            })
          }
        />
        {stageError ? (
          <p className="field-error" role="alert">
            {stageError}
          </p>
        ) : null}
        {stageFields(model, task.id).map((field) => (
          <SurveyField key={field.id} field={field} model={model} />
        ))}
      </div>
    </section>
  );
}
