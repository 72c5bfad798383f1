import type { Form, Tag } from '@platform/shared';
import { useEffect, useState, type Dispatch } from 'react';
import { useTranslation } from 'react-i18next';
import { useServices } from '../../../providers/services-context';
import { FieldEditor } from './FieldEditor';
import { FieldTypePicker } from './FieldTypePicker';
import type { EditorAction } from './survey-editor.reducer';
import type { SaveProblem } from './survey-problems';
import { blankField, type DraftField, type DraftSurvey, type DraftTask } from './survey-draft';
import { focusKeyOf, TaskCard } from './TaskCard';

type Editing =
  | { kind: 'pick'; task: DraftTask }
  | { kind: 'new'; task: DraftTask; field: DraftField }
  | { kind: 'edit'; task: DraftTask; field: DraftField }
  | null;

/** Keeps keyboard focus on the control that moved (or on its twin once it reaches an end). */
function useFocusRequest() {
  const [request, setRequest] = useState<{ key: string } | null>(null);
  useEffect(() => {
    if (!request) return;
    const find = (key: string) => document.querySelector<HTMLElement>(`[data-focus-key="${CSS.escape(key)}"]`);
    const target = find(request.key);
    const twin = request.key.endsWith('-up') ? request.key.replace(/-up$/, '-down') : request.key.replace(/-down$/, '-up');
    const usable = target && !(target as HTMLButtonElement).disabled ? target : find(twin);
    usable?.focus();
  }, [request]);
  return (key: string) => setRequest({ key });
}

/** The build tab: tasks with their fields, the field-type picker and the field editor. */
export function BuildTab({
  survey,
  problems,
  showProblems,
  surveys,
  tags,
  dispatch,
}: {
  survey: DraftSurvey;
  problems: SaveProblem[];
  showProblems: boolean;
  surveys: Form[];
  tags: Tag[];
  dispatch: Dispatch<EditorAction>;
}) {
  const { t } = useTranslation();
  const { dialogs } = useServices();
  const [editing, setEditing] = useState<Editing>(null);
  const focus = useFocusRequest();

  const removeField = async (task: DraftTask, field: DraftField) => {
    const ok = await dialogs.confirm({
      message: t('survey.delete_field_confirm', { name: field.label }),
      confirmLabel: t('common.delete'),
      danger: true,
    });
    if (!ok) return;
    dispatch({ type: 'removeField', taskId: task.id, fieldId: field.id });
    focus(`${focusKeyOf('task', task.id)}-add`);
  };
  const removeTask = async (task: DraftTask) => {
    const ok = await dialogs.confirm({
      message: t('survey.delete_task_confirm', { name: task.label }),
      confirmLabel: t('common.delete'),
      danger: true,
    });
    if (!ok) return;
    dispatch({ type: 'removeTask', taskId: task.id });
    focus('add-task');
  };

  return (
    <div className="build-tab">
      {survey.tasks.map((task, index) => (
        <TaskCard
          key={task.id}
          task={task}
          index={index}
          taskCount={survey.tasks.length}
          problems={problems.filter((p) => p.scope !== 'survey' && p.taskId === task.id)}
          showProblems={showProblems}
          dispatch={dispatch}
          onAddField={() => setEditing({ kind: 'pick', task })}
          onEditField={(field) => setEditing({ kind: 'edit', task, field })}
          onRemoveField={(field) => void removeField(task, field)}
          onRemoveTask={() => void removeTask(task)}
          onMoved={focus}
        />
      ))}
      <button
        type="button"
        className="button button-ghost"
        data-focus-key="add-task"
        onClick={() => dispatch({ type: 'addTask', label: t('survey.new_task_label', { number: survey.tasks.length }) })}
      >
        {t('survey.add_task')}
      </button>

      {editing?.kind === 'pick' ? (
        <FieldTypePicker
          taskLabel={editing.task.label}
          onCancel={() => setEditing(null)}
          onPick={({ type, input }) => setEditing({ kind: 'new', task: editing.task, field: blankField('new', type, input) })}
        />
      ) : null}
      {editing?.kind === 'new' || editing?.kind === 'edit' ? (
        <FieldEditor
          key={`${editing.kind}-${editing.field.id}`}
          field={editing.field}
          isNew={editing.kind === 'new'}
          surveys={surveys}
          tags={tags}
          onCancel={() => setEditing(null)}
          onSubmit={(changes) => {
            if (editing.kind === 'new') {
              const { id: _draft, ...field } = editing.field;
              dispatch({ type: 'addField', taskId: editing.task.id, field: { ...field, ...changes } });
            } else {
              dispatch({ type: 'updateField', taskId: editing.task.id, fieldId: editing.field.id, changes });
            }
            setEditing(null);
          }}
        />
      ) : null}
    </div>
  );
}
