import { PostMessages, type PostStatus, type UpdatePostBody } from '@platform/shared';
import type { Auth } from '../../auth/auth';
import { canManagePosts, postRule } from '../../auth/policy/posts.policy';
import type { Trx } from '../../db/database';
import type { FieldError } from '../../http/errors';
import type { PostForm, PostFormContext } from './post-forms.repository';
import { existingRoleNames, existingTagIds, existingUserIds, postReadAccess, tagIdsByName } from './post-references.repository';

const M = PostMessages;

/** Without a survey a post is treated as needing approval: a member's formless post stays a draft. */
const requiresApproval = (form: PostForm | null) => form === null || form.require_approval;

/** `status` when the request leaves it out (API-CONTRACT 8.3). */
export const defaultStatus = (form: PostForm | null): PostStatus => (requiresApproval(form) ? 'draft' : 'published');

/**
 * The approval rule of API-CONTRACT 8.5 for callers without Manage Posts: a survey that requires
 * approval takes only drafts; one that does not takes only published posts, and drafts on create.
 */
export function approvalProblem(auth: Auth, form: PostForm | null, status: PostStatus, isCreate: boolean): string | null {
  if (canManagePosts(auth)) return null;
  if (requiresApproval(form)) return status === 'draft' ? null : M.needsApproval;
  return status === 'published' || (isCreate && status === 'draft') ? null : M.onlyAdminUnpublishes;
}

/** The post as it will be saved, for rules that look at the whole entity. */
export type MergedPost = {
  status: PostStatus;
  user_id: number | null;
  author_realname: string | null;
  author_email: string | null;
  completed_stages: number[];
};

export type RulesInput = {
  auth: Auth;
  isCreate: boolean;
  /** The fields the request sent. */
  data: UpdatePostBody;
  merged: MergedPost;
  /** The status before this request (null on create). */
  previousStatus: PostStatus | null;
  /** The parent before this request (null on create). */
  previousParentId: number | null;
  /** The survey id the request asked for, when it names one that applies. */
  requestedFormId: number | null;
  context: PostFormContext | null;
};

export type RulesResult = { fields: FieldError[]; legacyTagIds: number[] | undefined };

async function referenceProblems(trx: Trx, input: RulesInput): Promise<FieldError[]> {
  const { data } = input;
  const fields: FieldError[] = [];
  if (input.requestedFormId !== null && input.context === null)
    fields.push({ pointer: '/form_id', message: M.formMissing(input.requestedFormId) });
  if (typeof data.user_id === 'number' && !(await existingUserIds(trx, [data.user_id])).has(data.user_id))
    fields.push({ pointer: '/user_id', message: M.userMissing(data.user_id) });
  if (typeof data.parent_id === 'number' && data.parent_id !== input.previousParentId) {
    const parent = await postReadAccess(trx, data.parent_id);
    if (!parent) fields.push({ pointer: '/parent_id', message: M.parentMissing(data.parent_id) });
    // A post names as its parent only what its writer may read: another user's draft is not theirs to point at.
    else if (!postRule(input.auth, 'read', { ...parent, form: null }))
      fields.push({ pointer: '/parent_id', message: M.parentUnreadable(data.parent_id) });
  }
  if (data.published_to !== undefined) {
    const known = await existingRoleNames(trx, data.published_to);
    const unknown = data.published_to.find((r) => !known.has(r));
    if (unknown !== undefined) fields.push({ pointer: '/published_to', message: M.publishedToMissing(unknown) });
  }
  return fields;
}

/** Completed tasks must belong to the survey; publishing needs every required task completed. */
function stageProblems(input: RulesInput): FieldError[] {
  const { data, merged, context } = input;
  const fields: FieldError[] = [];
  const stages = context?.stages ?? [];
  if (data.completed_stages !== undefined || input.requestedFormId !== null) {
    const unknown = merged.completed_stages.find((id) => !stages.some((s) => s.id === id));
    if (unknown !== undefined) fields.push({ pointer: '/completed_stages', message: M.stageMissing(unknown) });
  }
  const publishing = merged.status === 'published' && (input.isCreate || data.status !== undefined || data.completed_stages !== undefined);
  if (publishing) {
    for (const stage of stages)
      if (stage.required && !merged.completed_stages.includes(stage.id))
        fields.push({ pointer: '/completed_stages', message: M.stageRequired(stage.label) });
  }
  return fields;
}

function statusProblems(input: RulesInput): FieldError[] {
  const { merged } = input;
  // On update the rule looks at a status change only, as v3 validates changed fields.
  if (!input.isCreate && merged.status === input.previousStatus) return [];
  const problem = approvalProblem(input.auth, input.context?.form ?? null, merged.status, input.isCreate);
  return problem ? [{ pointer: '/status', message: problem }] : [];
}

function authorProblems(input: RulesInput): FieldError[] {
  const { data, merged } = input;
  const touched = data.user_id !== undefined || data.author_realname !== undefined || data.author_email !== undefined;
  return touched && merged.user_id !== null && (merged.author_realname || merged.author_email)
    ? [{ pointer: '/user_id', message: M.userWithAuthor }]
    : [];
}

/** The legacy top-level `tags` list: ids or names of existing categories (API-CONTRACT 8.2). */
async function legacyTags(trx: Trx, tags: Array<number | string> | undefined): Promise<{ ids?: number[]; fields: FieldError[] }> {
  if (tags === undefined) return { fields: [] };
  const numeric = tags.filter((t): t is number => typeof t === 'number');
  const [known, byName] = await Promise.all([
    existingTagIds(trx, numeric),
    tagIdsByName(
      trx,
      tags.filter((t): t is string => typeof t === 'string'),
    ),
  ]);
  const ids: number[] = [];
  for (const tag of tags) {
    const id = typeof tag === 'number' ? (known.has(tag) ? tag : undefined) : byName.get(tag);
    if (id === undefined) return { fields: [{ pointer: '/tags', message: M.tagMissing(tag) }] };
    ids.push(id);
  }
  return { ids, fields: [] };
}

/** Every rule of a post but its values (API-CONTRACT 8.3, 8.5); database lookups run in `trx`. */
export async function checkPostRules(trx: Trx, input: RulesInput): Promise<RulesResult> {
  const tags = await legacyTags(trx, input.data.tags);
  const fields = [
    ...(await referenceProblems(trx, input)),
    ...authorProblems(input),
    ...statusProblems(input),
    ...stageProblems(input),
    ...tags.fields,
  ];
  return { fields, legacyTagIds: tags.ids };
}
