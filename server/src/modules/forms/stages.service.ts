import { CreateStageBody, STAGE_DEFAULTS, UpdateStageBody } from '@platform/shared';
import type { Auth } from '../../auth/auth';
import { canEditForms, stageRule } from '../../auth/policy/forms.policy';
import { authorize } from '../../auth/policy/policy';
import type { AppContext } from '../../context';
import { notFound, parseBody } from '../../http/errors';
import type { Paging } from '../../http/query';
import type { FormsService } from './forms.service';
import * as repo from './stages.repository';

const RESOURCE = 'form_stage';

export type StagesService = ReturnType<typeof createStagesService>;

/** How a caller sees tasks: editors everything, others the visible tasks of enabled surveys. */
export const stageVisibility = (auth: Auth, postStatus?: string): repo.StageVisibilityFilter =>
  canEditForms(auth) ? { all: true } : { all: false, postStatus };

export function createStagesService(ctx: AppContext, forms: FormsService) {
  async function load(formId: number, id: number): Promise<repo.StageWithForm> {
    await forms.load(ctx.db, formId);
    return (await repo.findInForm(ctx.db, formId, id)) ?? notFound(RESOURCE, id);
  }

  return {
    async get(auth: Auth, formId: number, id: number, postStatus?: string) {
      const stage = await load(formId, id);
      authorize(stageRule, auth, 'read', { form: { disabled: stage.form_disabled }, stage, postStatus });
      return stage;
    },

    /** `formId` null lists the tasks of every survey (`GET /forms/stages`). */
    async search(auth: Auth, formId: number | null, filters: repo.StageFilters, paging: Paging, postStatus?: string) {
      if (formId !== null) {
        const form = await forms.load(ctx.db, formId);
        authorize(stageRule, auth, 'search', { form, stage: null });
        filters = { ...filters, formIds: [formId] };
      } else {
        authorize(stageRule, auth, 'search', { form: { disabled: false }, stage: null });
      }
      return repo.search(ctx.db, filters, stageVisibility(auth, postStatus), paging);
    },

    async create(auth: Auth, formId: number, body: unknown) {
      const form = await forms.load(ctx.db, formId);
      authorize(stageRule, auth, 'create', { form, stage: null });
      const data = parseBody(CreateStageBody, body, RESOURCE);
      const created = await ctx.tx((trx) =>
        repo.insert(trx, {
          form_id: formId,
          label: data.label,
          description: data.description ?? null,
          icon: data.icon ?? null,
          type: data.type ?? STAGE_DEFAULTS.type,
          priority: data.priority ?? STAGE_DEFAULTS.priority,
          required: data.required ?? STAGE_DEFAULTS.required,
          show_when_published: data.show_when_published ?? STAGE_DEFAULTS.show_when_published,
          task_is_internal_only: data.task_is_internal_only ?? STAGE_DEFAULTS.task_is_internal_only,
        }),
      );
      return { ...created, form_disabled: form.disabled };
    },

    async update(auth: Auth, formId: number, id: number, body: unknown) {
      const current = await load(formId, id);
      authorize(stageRule, auth, 'update', { form: { disabled: current.form_disabled }, stage: current });
      const data = parseBody(UpdateStageBody, body, RESOURCE);
      const changes = Object.fromEntries(Object.entries(data).filter(([, v]) => v !== undefined));
      const updated = await ctx.tx((trx) => repo.update(trx, id, { ...changes, updated: ctx.now() }));
      return { ...updated, form_disabled: current.form_disabled };
    },

    /** Returns the task as it was; its fields go with it. */
    async remove(auth: Auth, formId: number, id: number) {
      const stage = await load(formId, id);
      authorize(stageRule, auth, 'delete', { form: { disabled: stage.form_disabled }, stage });
      await ctx.tx((trx) => repo.remove(trx, id));
      return stage;
    },
  };
}
