import type { Attribute, HxlTag } from '@platform/shared';
import { useTranslation } from 'react-i18next';
import { attributesFor, tagsFor, type FieldTagging } from './hxl-heading';

/** One survey field on the tagging page: chosen for the export or not, its HXL tag and the tag's attributes. */
export function HxlFieldRow({
  attribute,
  tags,
  selected,
  tagging,
  onToggle,
  onTagging,
}: {
  attribute: Attribute;
  tags: HxlTag[];
  selected: boolean;
  tagging: FieldTagging;
  onToggle: () => void;
  onTagging: (tagging: FieldTagging) => void;
}) {
  const { t } = useTranslation();
  const fitting = tagsFor(tags, attribute.type);
  const tag = fitting.find((candidate) => candidate.id === tagging.tagId);
  const offered = tag ? attributesFor(tag, attribute.type) : [];
  const toggleAttribute = (name: string) =>
    onTagging({
      ...tagging,
      attributes: tagging.attributes.includes(name) ? tagging.attributes.filter((a) => a !== name) : [...tagging.attributes, name],
    });

  return (
    <tr>
      <td>
        <label className="export-choice">
          <input className="checkbox" type="checkbox" checked={selected} onChange={onToggle} /> {attribute.label}
        </label>
      </td>
      <td>
        {fitting.length === 0 ? (
          <span className="field-hint">{t('hdx.tagging.no_fitting_tag')}</span>
        ) : (
          // Hashtags and their descriptions are written left to right, whatever the page's direction.
          <select
            dir="ltr"
            className="select"
            aria-label={t('hdx.tagging.tag_for', { field: attribute.label })}
            value={tagging.tagId ?? ''}
            onChange={(e) => onTagging({ tagId: e.target.value ? Number(e.target.value) : null, attributes: [] })}
          >
            <option value="">{t('hdx.tagging.no_tag')}</option>
            {fitting.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {candidate.tag_name} – {candidate.description}
              </option>
            ))}
          </select>
        )}
      </td>
      <td>
        {offered.length > 0 ? (
          <fieldset className="hdx-attributes">
            <legend className="visually-hidden">{t('hdx.tagging.attributes_for', { field: attribute.label })}</legend>
            {offered.map((a) => (
              <label key={a.id} className="hdx-choice" title={a.description}>
                <input
                  className="checkbox"
                  type="checkbox"
                  checked={tagging.attributes.includes(a.attribute)}
                  onChange={() => toggleAttribute(a.attribute)}
                />
                <span dir="ltr">{a.attribute}</span>
              </label>
            ))}
          </fieldset>
        ) : null}
      </td>
    </tr>
  );
}
