import { lazy, Suspense, type ComponentProps } from 'react';

/**
 * The collection and saved-search dialogs load when first opened: the map route's JavaScript
 * stays without their forms (react-hook-form) until someone asks for them.
 */
const LazySetList = lazy(() => import('./CollectionsDialog').then((m) => ({ default: m.SetListDialog })));
const LazySetEditor = lazy(() => import('./SetEditorDialog').then((m) => ({ default: m.SetEditorDialog })));
const LazyAddToCollection = lazy(() => import('./AddToCollectionDialog').then((m) => ({ default: m.AddToCollectionDialog })));

type ListProps = ComponentProps<typeof LazySetList>;
type EditorProps = ComponentProps<typeof LazySetEditor>;
type AddProps = ComponentProps<typeof LazyAddToCollection>;

export const SetListDialogLazy = (props: ListProps) => (
  <Suspense fallback={null}>
    <LazySetList {...props} />
  </Suspense>
);

export const SetEditorDialogLazy = (props: EditorProps) => (
  <Suspense fallback={null}>
    <LazySetEditor {...props} />
  </Suspense>
);

export const AddToCollectionDialogLazy = (props: AddProps) => (
  <Suspense fallback={null}>
    <LazyAddToCollection {...props} />
  </Suspense>
);
