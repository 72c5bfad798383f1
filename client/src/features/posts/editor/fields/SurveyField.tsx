import type { Attribute } from '@platform/shared';
import { Controller, get, useFormContext } from 'react-hook-form';
import {
  fieldKind,
  valuesPath,
  type EditorModel,
  type EditorState,
  type FieldEntry,
  type MediaEntry,
  type PointEntry,
  type RelationEntry,
} from '../post-form';
import { CategoriesField } from './CategoriesField';
import { ChoiceField } from './ChoiceField';
import type { FieldProps } from './field-props';
import { LocationField } from './LocationField';
import { PhotoField } from './PhotoField';
import { RelationField } from './RelationField';
import { TextEntries } from './TextEntries';

function Input({ props }: { props: FieldProps }) {
  const kind = fieldKind(props.field);
  switch (kind) {
    case 'select':
    case 'radio':
    case 'checkbox':
      return <ChoiceField {...(props as FieldProps<string>)} />;
    case 'tags':
      return <CategoriesField {...(props as FieldProps<number>)} />;
    case 'location':
      return <LocationField {...(props as FieldProps<PointEntry>)} />;
    case 'upload':
      return <PhotoField {...(props as FieldProps<MediaEntry>)} />;
    case 'relation':
      return <RelationField {...(props as FieldProps<RelationEntry>)} />;
    case 'text':
    case 'textarea':
    case 'markdown':
    case 'number':
    case 'date':
    case 'datetime':
    case 'video':
      return <TextEntries {...(props as FieldProps<string>)} />;
  }
}

/** One survey field bound to the editor form; a change clears the field's messages until the next check. */
export function SurveyField({ field, model }: { field: Attribute; model: EditorModel }) {
  const { control, formState, clearErrors } = useFormContext<EditorState>();
  const path = valuesPath(field);
  return (
    <Controller
      control={control}
      name={path}
      render={({ field: bound }) => (
        <Input
          props={{
            field,
            model,
            // A field whose value is not in the form yet (a survey loaded again under a new session) starts empty.
            entries: bound.value ?? [],
            onChange: (entries: FieldEntry[]) => {
              bound.onChange(entries);
              clearErrors(path);
            },
            errorAt: (suffix) => {
              const error = get(formState.errors, suffix ? `${path}.${suffix}` : path) as { message?: string } | undefined;
              return error?.message || undefined;
            },
          }}
        />
      )}
    />
  );
}
