import { useTranslation } from 'react-i18next';
import { fieldMessage } from '../../../ui/form-messages';
import { fieldTypeLabel } from './field-types';
import { surveyMessageKey } from './survey-messages';
import { isBuiltIn, type DraftField } from './survey-draft';

export type RowMove = { up: boolean; down: boolean };

/** One field of a task: what it is, and buttons to edit, move (keyboard reordering) and delete it. */
export function FieldRow({
  field,
  focusKey,
  canMove,
  problems,
  onEdit,
  onMove,
  onRemove,
}: {
  field: DraftField;
  focusKey: string;
  canMove: RowMove;
  problems: string[];
  onEdit: () => void;
  onMove: (offset: -1 | 1) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const name = field.label || t('survey.untitled_field');
  return (
    <li className={`builder-row${problems.length > 0 ? ' builder-row-invalid' : ''}`}>
      <div className="builder-row-text">
        <span className="builder-row-title">{name}</span>
        <span className="builder-row-meta">
          {fieldTypeLabel(t, field.type, field.input)}
          {field.required ? <span className="badge">{t('survey.required_badge')}</span> : null}
          {field.response_private ? <span className="badge">{t('survey.private_badge')}</span> : null}
        </span>
        {problems.map((problem) => (
          <span key={problem} className="field-error" role="alert">
            {fieldMessage(t, surveyMessageKey(problem))}
          </span>
        ))}
      </div>
      <div className="row-actions">
        <button type="button" className="button button-ghost button-small" onClick={onEdit} aria-label={t('survey.edit_named', { name })}>
          {t('survey.edit')}
        </button>
        <button
          type="button"
          className="button button-ghost button-small"
          data-focus-key={`${focusKey}-up`}
          disabled={!canMove.up}
          onClick={() => onMove(-1)}
          aria-label={t('survey.move_up_named', { name })}
        >
          <span aria-hidden="true">↑</span>
        </button>
        <button
          type="button"
          className="button button-ghost button-small"
          data-focus-key={`${focusKey}-down`}
          disabled={!canMove.down}
          onClick={() => onMove(1)}
          aria-label={t('survey.move_down_named', { name })}
        >
          <span aria-hidden="true">↓</span>
        </button>
        {isBuiltIn(field) ? null : (
          <button
            type="button"
            className="button button-ghost button-small"
            onClick={onRemove}
            aria-label={t('survey.delete_named', { name })}
          >
            {t('common.delete')}
          </button>
        )}
      </div>
    </li>
  );
}
