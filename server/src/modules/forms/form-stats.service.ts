import type { Auth } from '../../auth/auth';
import { formStatsRule } from '../../auth/policy/forms.policy';
import { authorize } from '../../auth/policy/policy';
import type { AppContext } from '../../context';
import type { FormRow } from './forms.repository';
import type { FormsService } from './forms.service';
import * as repo from './form-stats.repository';

export type FormStatsResult =
  { form: FormRow; kind: 'crowdsourced'; totals: repo.SourceTotals } | { form: FormRow; kind: 'targeted'; totals: repo.TargetedTotals };

export type FormStatsService = ReturnType<typeof createFormStatsService>;

/** Activity numbers of one survey (API-CONTRACT 7.5): the shape depends on the survey kind. */
export function createFormStatsService(ctx: AppContext, forms: FormsService) {
  return {
    async get(auth: Auth, formId: number, range: repo.StatsRange): Promise<FormStatsResult> {
      const form = await forms.load(ctx.db, formId);
      authorize(formStatsRule, auth, 'read', form);
      if (form.targeted_survey) return { form, kind: 'targeted', totals: await repo.targetedTotals(ctx.db, formId, range) };
      return { form, kind: 'crowdsourced', totals: await repo.crowdsourcedTotals(ctx.db, formId, range) };
    },
  };
}
