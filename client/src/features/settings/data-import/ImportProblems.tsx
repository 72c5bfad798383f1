import { useTranslation } from 'react-i18next';
import type { ImportProblem } from './import-mapping';
import { problemTexts } from './import-problems';

/** Why the step cannot go on, announced as soon as it shows. */
export function ImportProblems({ problems }: { problems: ImportProblem[] }) {
  const { t } = useTranslation();
  const texts = problemTexts(problems, t);
  if (texts.length === 0) return null;
  return (
    <div className="alert alert-error" role="alert">
      {texts.map((text) => (
        <p key={text}>{text}</p>
      ))}
    </div>
  );
}
