import type { TFunction } from 'i18next';
import type { ImportProblem } from './import-mapping';

/** The sentences of the problems the import screens show (spec 3 section 5). */
export function problemTexts(problems: ImportProblem[], t: TFunction): string[] {
  return problems.flatMap((problem) => {
    switch (problem.code) {
      case 'server':
        return problem.messages;
      case 'duplicate_fields':
      case 'required_fields':
        return [t(`data_import.${problem.code}`, { fields: problem.fields.join(', ') })];
      default:
        return [t(`data_import.${problem.code}`)];
    }
  });
}
