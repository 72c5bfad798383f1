import type { Attribute } from '@platform/shared';
import type { EditorModel, FieldEntry } from '../post-form';

/** What every survey field input gets: its entries (one per value) and where its errors are. */
export type FieldProps<E extends FieldEntry = FieldEntry> = {
  field: Attribute;
  model: EditorModel;
  entries: E[];
  onChange: (entries: E[]) => void;
  /** The message at `values.f<id>` (suffix '') or below it (`'0'`, `'0.lat'`). */
  errorAt: (suffix: string) => string | undefined;
};

/** An entry's accessible name: the field label, numbered when the field holds several values. */
export const entryLabel = (label: string, index: number, count: number) => (count > 1 ? `${label} ${index + 1}` : label);
