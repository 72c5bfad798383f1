export const DATA_IMPORT_PATH = '/settings/data-import';
export const AFTER_IMPORT_PATH = '/settings/data-after-import';
/** The after-import page of one import (a second administrator can open the same link). */
export const afterImportPath = (id: number) => `${AFTER_IMPORT_PATH}?import=${id}`;
