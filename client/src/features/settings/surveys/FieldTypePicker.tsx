import { useTranslation } from 'react-i18next';
import { Dialog } from '../../../ui/Dialog';
import { FIELD_TYPE_CHOICES, fieldTypeHint, fieldTypeLabel, type FieldTypeChoice } from './field-types';

/** "Add field": one button per type/input pair the builder offers (spec 3 section 3). */
export function FieldTypePicker({
  taskLabel,
  onPick,
  onCancel,
}: {
  taskLabel: string;
  onPick: (choice: FieldTypeChoice) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog
      title={t('survey.pick_field_type')}
      description={t('survey.pick_field_type_for', { task: taskLabel })}
      size="medium"
      onClose={onCancel}
    >
      <ul className="field-type-list">
        {FIELD_TYPE_CHOICES.map((choice) => (
          <li key={`${choice.type}-${choice.input}`}>
            <button type="button" className="choice field-type-choice" onClick={() => onPick(choice)}>
              <span className="choice-title">{fieldTypeLabel(t, choice.type, choice.input)}</span>
              <span className="choice-description">{fieldTypeHint(t, choice.type, choice.input)}</span>
            </button>
          </li>
        ))}
      </ul>
      <div className="dialog-footer">
        <button type="button" className="button button-ghost" onClick={onCancel}>
          {t('common.cancel')}
        </button>
      </div>
    </Dialog>
  );
}
