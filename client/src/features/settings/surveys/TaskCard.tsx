import { useId, useState, type Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckboxField, TextField } from '../../../ui/Field';
import { FieldRow } from './FieldRow';
import type { EditorAction } from './survey-editor.reducer';
import { surveyMessageKey } from './survey-messages';
import type { SaveProblem } from './survey-problems';
import { isPostTask, type DraftField, type DraftTask } from './survey-draft';

export const focusKeyOf = (kind: 'task' | 'field', id: DraftTask['id']) => `${kind}-${id}`;

/**
 * A task and its fields. The Post task keeps its rules; other tasks can be renamed, reordered,
 * made required, internal only or shown once published, and deleted (spec 3 section 4).
 */
export function TaskCard({
  task,
  index,
  taskCount,
  problems,
  showProblems,
  dispatch,
  onAddField,
  onEditField,
  onRemoveField,
  onRemoveTask,
  onMoved,
}: {
  task: DraftTask;
  index: number;
  taskCount: number;
  problems: SaveProblem[];
  showProblems: boolean;
  dispatch: Dispatch<EditorAction>;
  onAddField: () => void;
  onEditField: (field: DraftField) => void;
  onRemoveField: (field: DraftField) => void;
  onRemoveTask: () => void;
  onMoved: (focusKey: string) => void;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const [touched, setTouched] = useState(false);
  const post = isPostTask(task);
  const name = task.label || t('survey.untitled_task');
  const labelProblem = problems.find((p) => p.scope === 'task')?.message;
  const fieldProblems = (field: DraftField) => problems.flatMap((p) => (p.scope === 'field' && p.fieldId === field.id ? [p.message] : []));
  const focusKey = focusKeyOf('task', task.id);
  const moveTask = (offset: -1 | 1) => {
    dispatch({ type: 'moveTask', taskId: task.id, offset });
    onMoved(`${focusKey}-${offset < 0 ? 'up' : 'down'}`);
  };
  const flag = (key: 'required' | 'task_is_internal_only' | 'show_when_published') => ({
    checked: task[key],
    onChange: (event: React.ChangeEvent<HTMLInputElement>) =>
      dispatch({ type: 'updateTask', taskId: task.id, changes: { [key]: event.target.checked } }),
  });

  return (
    <section className="task-card" aria-labelledby={headingId}>
      <header className="task-header">
        <h2 id={headingId} className="task-title">
          {post ? t('survey.post_task_heading', { name }) : t('survey.task_heading', { number: index, name })}
        </h2>
        {post ? null : (
          <div className="row-actions">
            <button
              type="button"
              className="button button-ghost button-small"
              data-focus-key={`${focusKey}-up`}
              disabled={index <= 1}
              onClick={() => moveTask(-1)}
              aria-label={t('survey.move_task_up', { name })}
            >
              <span aria-hidden="true">↑</span>
            </button>
            <button
              type="button"
              className="button button-ghost button-small"
              data-focus-key={`${focusKey}-down`}
              disabled={index >= taskCount - 1}
              onClick={() => moveTask(1)}
              aria-label={t('survey.move_task_down', { name })}
            >
              <span aria-hidden="true">↓</span>
            </button>
            <button
              type="button"
              className="button button-ghost button-small"
              onClick={onRemoveTask}
              aria-label={t('survey.delete_task_named', { name })}
            >
              {t('survey.delete_task')}
            </button>
          </div>
        )}
      </header>
      {post ? (
        <p className="field-hint">{t('survey.post_task_hint')}</p>
      ) : (
        <div className="task-settings">
          <TextField
            label={t('survey.task_label')}
            required
            value={task.label}
            onChange={(event) => dispatch({ type: 'updateTask', taskId: task.id, changes: { label: event.target.value } })}
            onBlur={() => setTouched(true)}
            error={(touched || showProblems) && labelProblem ? surveyMessageKey(labelProblem) : undefined}
          />
          <CheckboxField switch label={t('survey.task_required')} {...flag('required')} />
          <CheckboxField
            switch
            label={t('survey.task_internal_only')}
            hint={t('survey.task_internal_only_hint')}
            {...flag('task_is_internal_only')}
          />
          <CheckboxField switch label={t('survey.task_show_when_published')} {...flag('show_when_published')} />
        </div>
      )}
      {task.fields.length === 0 ? <p className="empty-state">{t('survey.no_fields')}</p> : null}
      <ul className="builder-list" aria-label={t('survey.fields_of', { name })}>
        {task.fields.map((field, i) => {
          const fieldKey = focusKeyOf('field', field.id);
          return (
            <FieldRow
              key={field.id}
              field={field}
              focusKey={fieldKey}
              canMove={{ up: i > 0, down: i < task.fields.length - 1 }}
              problems={fieldProblems(field)}
              onEdit={() => onEditField(field)}
              onRemove={() => onRemoveField(field)}
              onMove={(offset) => {
                dispatch({ type: 'moveField', taskId: task.id, fieldId: field.id, offset });
                onMoved(`${fieldKey}-${offset < 0 ? 'up' : 'down'}`);
              }}
            />
          );
        })}
      </ul>
      <button type="button" className="button button-ghost" onClick={onAddField} data-focus-key={`${focusKey}-add`}>
        {t('survey.add_field_to', { name })}
      </button>
    </section>
  );
}
