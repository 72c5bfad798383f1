import type { HxlTag } from '@platform/shared';
import type { ExportRequest } from '../../../api/endpoints/exports';

/** One field's choice on the tagging page: a tag of `/hxl/tags` (or none) and some of its attributes. */
export type FieldTagging = { tagId: number | null; attributes: string[] };

/** The tags that fit a field's type, as `/hxl/tags` lists the types each fits. */
export const tagsFor = (tags: readonly HxlTag[], type: string): HxlTag[] => tags.filter((tag) => tag.form_attribute_types.includes(type));

/** A tag's attributes offered for a field: a point's two columns get `+lat` / `+lon` themselves. */
export const attributesFor = (tag: HxlTag, type: string) =>
  tag.attributes.filter((a) => type !== 'point' || (a.attribute !== '+lat' && a.attribute !== '+lon'));

type HeadingEntry = NonNullable<ExportRequest['hxl_heading_row']>[number];

/**
 * The export's `hxl_heading_row`: one entry per field given a tag, with its hashtag and the chosen
 * attributes in the tag's own order, and the tag's id (the legacy client's shape).
 */
export function headingRow(
  fields: readonly { id: number; type: string }[],
  taggings: Readonly<Record<number, FieldTagging>>,
  tags: readonly HxlTag[],
): HeadingEntry[] {
  return fields.flatMap((field) => {
    const tagging = taggings[field.id];
    const tag = tagging?.tagId == null ? undefined : tags.find((t) => t.id === tagging.tagId);
    if (!tag || !tag.form_attribute_types.includes(field.type)) return [];
    const chosen = new Set(tagging!.attributes);
    const attributes = attributesFor(tag, field.type)
      .map((a) => a.attribute)
      .filter((a) => chosen.has(a));
    return [{ form_attribute_id: field.id, tag: tag.tag_name, attributes, hxl_tag_id: tag.id }];
  });
}
