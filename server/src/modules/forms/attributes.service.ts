import {
  AttributeMessages,
  attributeProblems,
  BUILT_IN_TYPES,
  CreateAttributeBody,
  isDbId,
  tagOptionIds,
  UpdateAttributeBody,
  type AttributeShape,
} from '@platform/shared';
import { randomUUID } from 'node:crypto';
import type { z } from 'zod';
import type { Auth } from '../../auth/auth';
import { stageRule } from '../../auth/policy/forms.policy';
import { authorize } from '../../auth/policy/policy';
import type { AppContext } from '../../context';
import type { Executor, Trx } from '../../db/database';
import { isUniqueViolation } from '../../db/pg-errors';
import { badRequest, notFound, ValidationError, zodToFields, type FieldError } from '../../http/errors';
import type { Paging } from '../../http/query';
import * as repo from './attributes.repository';
import * as forms from './forms.repository';
import * as stages from './stages.repository';
import type { FormsService } from './forms.service';
import { stageVisibility } from './stages.service';

const RESOURCE = 'form_attribute';
const A = AttributeMessages;

/** Which category ids exist; provided by the tags module. */
export type TagLookup = (db: Executor, ids: number[]) => Promise<number[]>;

export type AttributesService = ReturnType<typeof createAttributesService>;

function parse<T extends z.ZodType>(schema: T, body: unknown): { data?: z.infer<T>; fields: FieldError[] } {
  const result = schema.safeParse(body ?? {});
  return result.success ? { data: result.data, fields: [] } : { fields: zodToFields(result.error) };
}

/** The task id a body names (`form_stage_id`, `form_stage` or `form_stage.id`), if it is one. */
function requestedStageId(body: unknown): number | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const record = body as Record<string, unknown>;
  const alias = record.form_stage;
  const raw = record.form_stage_id ?? (typeof alias === 'object' && alias !== null ? (alias as { id?: unknown }).id : alias);
  const id = typeof raw === 'string' && /^\d{1,9}$/.test(raw) ? Number(raw) : raw;
  return isDbId(id) ? id : undefined;
}

/** Fields that checkboxes or categories fill take any number of values unless told otherwise. */
const defaultCardinality = (input: string) => (['checkbox', 'checkboxes', 'tags'].includes(input) ? 0 : 1);

export function createAttributesService(ctx: AppContext, formsService: FormsService, existingTagIds: TagLookup) {
  async function load(db: Executor, formId: number, id: number): Promise<repo.AttributeRow> {
    await formsService.load(db, formId);
    return (await repo.findInForm(db, formId, id)) ?? notFound(RESOURCE, id);
  }

  /** 404 for an unknown task, 400 for a task of another survey (API-CONTRACT 7.3). */
  async function checkStage(formId: number, stageId: number | undefined): Promise<void> {
    if (stageId === undefined) return;
    const stage = (await stages.findById(ctx.db, stageId)) ?? notFound('form_stage', stageId);
    if (stage.form_id !== formId) badRequest(A.stageOfOtherForm(stageId));
  }

  /** Checks that need the database, inside the transaction that writes. */
  async function storeChecks(
    trx: Trx,
    formId: number,
    field: { key?: string; type: string; options?: unknown[] },
    exceptId?: number,
  ): Promise<{ fields: FieldError[]; options?: number[] }> {
    const fields: FieldError[] = [];
    if (field.key !== undefined && (await repo.keyTaken(trx, field.key, exceptId)))
      fields.push({ pointer: '/key', message: A.keyTaken(field.key) });
    if (BUILT_IN_TYPES.includes(field.type) && (await repo.typeTakenInForm(trx, formId, field.type, exceptId)))
      fields.push({ pointer: '/type', message: A.duplicateType(field.type) });
    let options: number[] | undefined;
    if (field.type === 'tags' && field.options !== undefined) {
      options = tagOptionIds(field.options);
      const existing = new Set(await existingTagIds(trx, options));
      const unknown = options.find((id) => !existing.has(id));
      if (unknown !== undefined) fields.push({ pointer: '/options', message: A.tagMissing(unknown) });
    }
    return { fields, options };
  }

  const reload = async (db: Executor, formId: number, id: number) => (await repo.findInForm(db, formId, id))!;

  return {
    async get(auth: Auth, formId: number, id: number, postStatus?: string) {
      const attribute = await load(ctx.db, formId, id);
      authorize(stageRule, auth, 'read', { form: { disabled: attribute.form_disabled }, stage: attribute, postStatus });
      return attribute;
    },

    /** `formId` null lists the fields of every survey (`GET /forms/attributes`). */
    async search(auth: Auth, formId: number | null, filters: repo.AttributeFilters, paging: Paging, postStatus?: string) {
      if (formId !== null) {
        const form = await formsService.load(ctx.db, formId);
        authorize(stageRule, auth, 'search', { form, stage: null });
        filters = { ...filters, formIds: [formId] };
      } else {
        authorize(stageRule, auth, 'search', { form: { disabled: false }, stage: null });
      }
      // Fields of tasks the caller may not see are left out (API-CONTRACT 7.3).
      return repo.search(ctx.db, filters, stageVisibility(auth, postStatus), paging);
    },

    async create(auth: Auth, formId: number, body: unknown) {
      const form = await formsService.load(ctx.db, formId);
      authorize(stageRule, auth, 'create', { form, stage: null });
      const { data, fields } = parse(CreateAttributeBody, body);
      await checkStage(formId, requestedStageId(body));
      if (!data) throw new ValidationError(RESOURCE, fields);
      const created = ctx.tx(async (trx) => {
        // One writer per survey at a time, so two titles cannot slip in together.
        await forms.lockForm(trx, formId);
        const checks = await storeChecks(trx, formId, data);
        if (checks.fields.length > 0) throw new ValidationError(RESOURCE, checks.fields);
        const builtIn = BUILT_IN_TYPES.includes(data.type);
        const { id } = await repo.insert(trx, {
          // The server names fields unless a valid, free key was supplied (API-CONTRACT 16).
          key: data.key ?? randomUUID(),
          form_stage_id: data.form_stage_id,
          label: data.label,
          instructions: data.instructions ?? null,
          input: data.input,
          type: data.type,
          required: data.required ?? builtIn,
          default: data.default ?? null,
          priority: data.priority ?? 0,
          options: JSON.stringify(checks.options ?? data.options ?? []),
          cardinality: data.cardinality ?? defaultCardinality(data.input),
          config: JSON.stringify(data.config ?? {}),
          response_private: data.response_private ?? false,
        });
        return reload(trx, formId, id);
      });
      return created.catch((error: unknown) => {
        if (isUniqueViolation(error)) throw new ValidationError(RESOURCE, [{ pointer: '/key', message: A.keyTaken(data.key ?? '') }]);
        throw error;
      });
    },

    /** Partial update. The key is fixed once created: post values are stored under it. */
    async update(auth: Auth, formId: number, id: number, body: unknown) {
      const current = await load(ctx.db, formId, id);
      authorize(stageRule, auth, 'update', { form: { disabled: current.form_disabled }, stage: current });
      const { data, fields } = parse(UpdateAttributeBody, body);
      if (data?.form_stage_id !== undefined && data.form_stage_id !== current.form_stage_id) await checkStage(formId, data.form_stage_id);
      if (!data) throw new ValidationError(RESOURCE, fields);
      // A field turned into the title or description becomes required unless it says otherwise.
      const becomesBuiltIn = data.type !== undefined && BUILT_IN_TYPES.includes(data.type) && !BUILT_IN_TYPES.includes(current.type);
      const required = data.required ?? (becomesBuiltIn ? true : current.required);
      const merged: AttributeShape = {
        type: data.type ?? current.type,
        input: data.input ?? current.input,
        required,
        default: data.default === undefined ? current.default : data.default,
        options: data.options ?? (Array.isArray(current.options) ? current.options : []),
        response_private: data.response_private ?? current.response_private,
      };
      const problems = attributeProblems(merged).map((p) => ({ pointer: `/${p.field}`, message: p.message }));
      if (problems.length > 0) throw new ValidationError(RESOURCE, problems);
      return ctx.tx(async (trx) => {
        await forms.lockForm(trx, formId);
        const key = data.key !== undefined && data.key !== current.key ? data.key : undefined;
        const checks = await storeChecks(
          trx,
          formId,
          { key, type: merged.type, options: data.options ?? (data.type ? merged.options : undefined) },
          id,
        );
        if (checks.fields.length > 0) throw new ValidationError(RESOURCE, checks.fields);
        const { key: _ignoredKey, options, config, ...rest } = data;
        const changes = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined));
        await repo.update(trx, id, {
          ...changes,
          required,
          ...(checks.options !== undefined || options !== undefined ? { options: JSON.stringify(checks.options ?? options) } : {}),
          ...(config !== undefined ? { config: JSON.stringify(config) } : {}),
          updated: ctx.now(),
        });
        return reload(trx, formId, id);
      });
    },

    /** Returns the field as it was. Title and description stay (spec 3 section 5). */
    async remove(auth: Auth, formId: number, id: number) {
      const attribute = await load(ctx.db, formId, id);
      authorize(stageRule, auth, 'delete', { form: { disabled: attribute.form_disabled }, stage: attribute });
      if (BUILT_IN_TYPES.includes(attribute.type)) throw new ValidationError(RESOURCE, [{ pointer: '/type', message: A.builtInDelete }]);
      await ctx.tx((trx) => repo.remove(trx, id));
      return attribute;
    },

    /** Called by the tags module in its delete transaction. */
    removeTagFromOptions: (trx: Trx, tagId: number) => repo.removeTagFromOptions(trx, tagId),
  };
}
