import { CreateFormBody, FormMessages, targetedSurveyProblem, UpdateFormBody } from '@platform/shared';
import { sql } from 'kysely';
import type { Auth } from '../../auth/auth';
import { canEditForms, formRule } from '../../auth/policy/forms.policy';
import { authorize } from '../../auth/policy/policy';
import type { AppContext } from '../../context';
import type { Executor, Trx } from '../../db/database';
import { notFound, parseBody, ValidationError, type FieldError } from '../../http/errors';
import type { Paging } from '../../http/query';
import type { FormView } from './forms.presenter';
import * as repo from './forms.repository';

const RESOURCE = 'form';

export type FormsService = ReturnType<typeof createFormsService>;

export function createFormsService(
  ctx: AppContext,
  hooks: { beforeRemove?: (trx: Trx, formId: number, actorId: number | null) => Promise<void> } = {},
) {
  async function views(db: Executor, forms: repo.FormRow[]): Promise<FormView[]> {
    const ids = forms.map((f) => f.id);
    const [roles, tags] = await Promise.all([repo.roleNamesByForm(db, ids), repo.tagIdsByForm(db, ids)]);
    return forms.map((form) => ({ form, canCreate: roles.get(form.id) ?? [], tagIds: tags.get(form.id) ?? [] }));
  }

  const view = async (db: Executor, form: repo.FormRow): Promise<FormView> => (await views(db, [form]))[0]!;

  /** 404 for an unknown survey: the first check of every survey route (API-CONTRACT 0). */
  async function load(db: Executor, id: number): Promise<repo.FormRow> {
    return (await repo.findById(db, id)) ?? notFound(RESOURCE, id);
  }

  async function parentProblems(db: Executor, parentId: number | null | undefined, selfId?: number): Promise<FieldError[]> {
    if (parentId === undefined || parentId === null) return [];
    if (parentId === selfId || !(await repo.findById(db, parentId)))
      return [{ pointer: '/parent_id', message: FormMessages.parentMissing(parentId) }];
    return [];
  }

  return {
    load,

    /** A survey the caller may read (or 401/403), for the routes nested under it. */
    async loadReadable(auth: Auth, id: number): Promise<repo.FormRow> {
      const form = await load(ctx.db, id);
      authorize(formRule, auth, 'read', form);
      return form;
    },

    async get(auth: Auth, id: number): Promise<FormView> {
      const form = await load(ctx.db, id);
      authorize(formRule, auth, 'read', form);
      return view(ctx.db, form);
    },

    async search(auth: Auth, filters: Omit<repo.FormFilters, 'includeDisabled'>, paging: Paging) {
      authorize(formRule, auth, 'search', null);
      // Disabled surveys vanish for whoever cannot edit them (API-CONTRACT 7.1).
      const { rows, total } = await repo.search(ctx.db, { ...filters, includeDisabled: canEditForms(auth) }, paging);
      return { rows: await views(ctx.db, rows), total };
    },

    async create(auth: Auth, body: unknown): Promise<FormView> {
      authorize(formRule, auth, 'create', null);
      const data = parseBody(CreateFormBody, body, RESOURCE);
      // Read before the transaction: settings use the pool, and a transaction must not wait on it.
      const limit = await ctx.settings.limit('forms');
      return ctx.tx(async (trx) => {
        // Two creates racing for the last survey of a plan must not both pass the count.
        await sql`select pg_advisory_xact_lock(hashtext('forms-plan-limit'))`.execute(trx);
        const fields = await parentProblems(trx, data.parent_id);
        if (limit !== null && (await repo.countAll(trx)) >= limit) fields.unshift({ pointer: '/name', message: FormMessages.limitReached });
        if (fields.length > 0) throw new ValidationError(RESOURCE, fields);
        const form = await repo.insert(trx, {
          name: data.name,
          description: data.description ?? null,
          color: data.color ?? null,
          parent_id: data.parent_id ?? null,
          disabled: data.disabled,
          hide_author: data.hide_author,
          hide_time: data.hide_time,
          hide_location: data.hide_location,
          require_approval: data.require_approval,
          everyone_can_create: data.everyone_can_create,
          targeted_survey: data.targeted_survey,
        });
        return view(trx, form);
      });
    },

    async update(auth: Auth, id: number, body: unknown): Promise<FormView> {
      const current = await load(ctx.db, id);
      authorize(formRule, auth, 'update', current);
      const data = parseBody(UpdateFormBody, body, RESOURCE);
      return ctx.tx(async (trx) => {
        const fields = await parentProblems(trx, data.parent_id, id);
        const problem = targetedSurveyProblem({
          targeted_survey: data.targeted_survey ?? current.targeted_survey,
          everyone_can_create: data.everyone_can_create ?? current.everyone_can_create,
        });
        if (problem) fields.push({ pointer: '/targeted_survey', message: problem });
        if (fields.length > 0) throw new ValidationError(RESOURCE, fields);
        const form = await repo.update(trx, id, { ...withoutUndefined(data), updated: ctx.now() });
        return view(trx, form);
      });
    },

    /** Returns the survey as it was; its tasks, fields, roles and posts go with it. */
    async remove(auth: Auth, id: number): Promise<FormView> {
      const form = await load(ctx.db, id);
      authorize(formRule, auth, 'delete', form);
      const before = await view(ctx.db, form);
      await ctx.tx(async (trx) => {
        await hooks.beforeRemove?.(trx, id, auth.userId);
        await repo.remove(trx, id);
      });
      return before;
    },
  };
}

function withoutUndefined<T extends Record<string, unknown>>(data: T): Partial<T> {
  return Object.fromEntries(Object.entries(data).filter(([, v]) => v !== undefined)) as Partial<T>;
}
