import { CreateTagBody, sameRoles, slugify, TAG_DEFAULTS, TagMessages, UpdateTagBody } from '@platform/shared';
import type { Auth } from '../../auth/auth';
import { canEditForms } from '../../auth/policy/forms.policy';
import { authorize } from '../../auth/policy/policy';
import { tagRule } from '../../auth/policy/tags.policy';
import type { AppContext } from '../../context';
import type { Executor, Trx } from '../../db/database';
import { isUniqueViolation } from '../../db/pg-errors';
import { notFound, parseBody, ValidationError, type FieldError } from '../../http/errors';
import type { Paging } from '../../http/query';
import type { TagView } from './tags.presenter';
import * as repo from './tags.repository';

const RESOURCE = 'tag';
const M = TagMessages;

export type TagsService = ReturnType<typeof createTagsService>;

export function createTagsService(ctx: AppContext, deps: { removeTagFromFields: (trx: Trx, tagId: number) => Promise<void> }) {
  const viewer = (auth: Auth): repo.TagViewer => (canEditForms(auth) ? { all: true } : { all: false, role: auth.role });

  async function views(db: Executor, tags: repo.TagRow[]): Promise<TagView[]> {
    const ids = tags.map((t) => t.id);
    const [children, ancestors] = await Promise.all([repo.childrenOf(db, ids), repo.ancestorRoles(db, ids)]);
    return tags.map((tag) => ({ tag, children: children.get(tag.id) ?? [], ancestorRoles: ancestors.get(tag.id) ?? [] }));
  }

  const view = async (db: Executor, tag: repo.TagRow) => (await views(db, [tag]))[0]!;

  async function load(id: number): Promise<TagView> {
    return view(ctx.db, (await repo.findById(ctx.db, id)) ?? notFound(RESOURCE, id));
  }

  /** The parent and role rules shared by create and update (API-CONTRACT 14.2). */
  async function lineageProblems(trx: Trx, parentId: number | null, role: string[] | null, checkRoleNames: boolean): Promise<FieldError[]> {
    const fields: FieldError[] = [];
    const parent = parentId === null ? null : await repo.findById(trx, parentId);
    if (parentId !== null && !parent) fields.push({ pointer: '/parent_id', message: M.parentMissing(parentId) });
    if (checkRoleNames && role) {
      const [unknown] = await repo.unknownRoles(trx, role);
      if (unknown !== undefined) fields.push({ pointer: '/role', message: M.roleMissing(unknown) });
    }
    if (parent && !sameRoles(role, parent.role)) fields.push({ pointer: '/role', message: M.roleMismatch });
    return fields;
  }

  async function slugProblems(trx: Trx, slug: string | undefined, exceptId?: number): Promise<FieldError[]> {
    return slug !== undefined && (await repo.slugTaken(trx, slug, exceptId)) ? [{ pointer: '/slug', message: M.slugTaken(slug) }] : [];
  }

  /** Turns a slug race lost at the unique index into the same 422 as the check. */
  const slugRace = (slug: string | undefined) => (error: unknown) => {
    if (isUniqueViolation(error)) throw new ValidationError(RESOURCE, [{ pointer: '/slug', message: M.slugTaken(slug ?? '') }]);
    throw error;
  };

  return {
    async get(auth: Auth, id: number): Promise<TagView> {
      const tag = await load(id);
      authorize(tagRule, auth, 'read', { role: tag.tag.role, ancestorRoles: tag.ancestorRoles });
      return tag;
    },

    /** Categories restricted to other roles are left out (API-CONTRACT 14.2). */
    async search(auth: Auth, filters: repo.TagFilters, paging: Paging) {
      authorize(tagRule, auth, 'search', null);
      const { rows, total } = await repo.search(ctx.db, filters, viewer(auth), paging);
      return { rows: await views(ctx.db, rows), total };
    },

    existingIds: (db: Executor, ids: number[]) => repo.existingIds(db, ids),

    async create(auth: Auth, body: unknown): Promise<TagView> {
      authorize(tagRule, auth, 'create', null);
      const data = parseBody(CreateTagBody, body, RESOURCE);
      const slug = data.slug ?? slugify(data.tag);
      return ctx
        .tx(async (trx) => {
          const parentId = data.parent_id ?? null;
          const parent = parentId === null ? undefined : await repo.findById(trx, parentId);
          // Without a role of its own a child takes its parent's (spec 3 section 4).
          const role = data.role !== undefined ? data.role : (parent?.role ?? null);
          const fields = [...(await lineageProblems(trx, parentId, role, data.role !== undefined)), ...(await slugProblems(trx, slug))];
          if (fields.length > 0) throw new ValidationError(RESOURCE, fields);
          const tag = await repo.insert(trx, {
            tag: data.tag,
            slug,
            parent_id: parentId,
            description: data.description ?? null,
            type: data.type ?? TAG_DEFAULTS.type,
            color: data.color ?? null,
            icon: data.icon ?? TAG_DEFAULTS.icon,
            priority: data.priority ?? TAG_DEFAULTS.priority,
            role,
          });
          return view(trx, tag);
        })
        .catch(slugRace(slug));
    },

    /**
     * Partial update. A category moved under a new parent takes the parent's role unless it says
     * otherwise; a role change reaches every category below it, so children always match.
     */
    async update(auth: Auth, id: number, body: unknown): Promise<TagView> {
      const before = await load(id);
      authorize(tagRule, auth, 'update', { role: before.tag.role, ancestorRoles: before.ancestorRoles });
      const data = parseBody(UpdateTagBody, body, RESOURCE);
      const slug = data.slug ?? (data.tag !== undefined && data.tag !== before.tag.tag ? slugify(data.tag) : undefined);
      return ctx
        .tx(async (trx) => {
          const current = (await repo.findForUpdate(trx, id)) ?? notFound(RESOURCE, id);
          const parentId = data.parent_id !== undefined ? data.parent_id : current.parent_id;
          const moved = parentId !== current.parent_id;
          const below = await repo.descendantIds(trx, id);
          if (moved && parentId !== null && (parentId === id || below.includes(parentId)))
            throw new ValidationError(RESOURCE, [{ pointer: '/parent_id', message: M.parentCycle }]);
          const parent = moved && parentId !== null ? await repo.findById(trx, parentId) : undefined;
          const role = data.role !== undefined ? data.role : parent ? parent.role : current.role;
          const fields = [...(await lineageProblems(trx, parentId, role, data.role !== undefined)), ...(await slugProblems(trx, slug, id))];
          if (fields.length > 0) throw new ValidationError(RESOURCE, fields);
          const { role: _role, slug: _slug, ...rest } = data;
          const changes = Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined));
          const tag = await repo.update(trx, id, { ...changes, ...(slug !== undefined ? { slug } : {}), role, updated: ctx.now() });
          if (!sameRoles(role, current.role)) await repo.setRoleOf(trx, below, role, ctx.now());
          return view(trx, tag);
        })
        .catch(slugRace(slug));
    },

    /** Children become top-level and every category field forgets the id; returns the category as it was. */
    async remove(auth: Auth, id: number): Promise<TagView> {
      const tag = await load(id);
      authorize(tagRule, auth, 'delete', { role: tag.tag.role, ancestorRoles: tag.ancestorRoles });
      await ctx.tx(async (trx) => {
        await deps.removeTagFromFields(trx, id);
        await repo.remove(trx, id);
      });
      return tag;
    },
  };
}
