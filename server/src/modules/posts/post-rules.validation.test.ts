import { PostMessages as M, type UpdatePostBody } from '@platform/shared';
import { describe, expect, it } from 'vitest';
import { caller } from '../../auth/policy/callers.fixture';
import type { PostFormContext, PostStage } from './post-forms.repository';
import { approvalProblem, checkPostRules, defaultStatus, type RulesInput } from './post-rules.validation';
import { noDatabase, survey, task } from './post-view.fixture';

// The rules that need no database; references (users, roles, categories, parents) are checked
// against real rows in the integration tests.
const member = caller(2, 'user');
const manager = caller(3, 'user', ['Manage Posts']);

const form = (require_approval: boolean) => survey({ require_approval });
const stage = (id: number, required: boolean) => task(id, `Task ${id}`, { type: id === 1 ? 'post' : 'task', required });
const context = (requireApproval: boolean, stages: PostStage[] = [stage(1, false)]): PostFormContext => ({
  form: form(requireApproval),
  stages,
  attributes: [],
});

/** A request that changes nothing of a published post of a survey without approval. */
const input = (over: Partial<RulesInput> & { data?: UpdatePostBody } = {}): RulesInput =>
  ({
    auth: member,
    isCreate: false,
    data: {},
    merged: { status: 'published', user_id: 2, author_realname: null, author_email: null, completed_stages: [] },
    previousStatus: 'published',
    requestedFormId: null,
    context: context(false),
    ...over,
  }) as RulesInput;

const problems = async (over: Parameters<typeof input>[0]) => (await checkPostRules(noDatabase, input(over))).fields;

describe('the approval rule (API-CONTRACT 8.5)', () => {
  it('starts posts as drafts where the survey requires approval, and without a survey', () => {
    expect(defaultStatus(form(true))).toBe('draft');
    expect(defaultStatus(null)).toBe('draft');
    expect(defaultStatus(form(false))).toBe('published');
  });

  it('lets members only draft in a survey that requires approval', () => {
    expect(approvalProblem(member, form(true), 'draft', true)).toBeNull();
    expect(approvalProblem(member, form(true), 'published', true)).toBe(M.needsApproval);
    expect(approvalProblem(member, null, 'archived', false)).toBe(M.needsApproval);
  });

  it('lets members publish, or draft on create, where it does not; unpublishing is for managers', () => {
    expect(approvalProblem(member, form(false), 'published', false)).toBeNull();
    expect(approvalProblem(member, form(false), 'draft', true)).toBeNull();
    expect(approvalProblem(member, form(false), 'draft', false)).toBe(M.onlyAdminUnpublishes);
    expect(approvalProblem(member, form(false), 'archived', true)).toBe(M.onlyAdminUnpublishes);
  });

  it('never stops Manage Posts', () => {
    expect(approvalProblem(manager, form(true), 'published', true)).toBeNull();
    expect(approvalProblem(manager, form(false), 'archived', false)).toBeNull();
  });
});

describe('the rules of a post but its values', () => {
  it('accept a request that changes nothing', async () => {
    expect(await problems({})).toEqual([]);
  });

  it('check a status only when it changes on update, and always on create', async () => {
    const unpublish = { merged: { ...input().merged, status: 'draft' as const } };
    expect(await problems({ ...unpublish, previousStatus: 'draft' })).toEqual([]);
    expect(await problems(unpublish)).toEqual([{ pointer: '/status', message: M.onlyAdminUnpublishes }]);
    expect(await problems({ context: context(true), isCreate: true, previousStatus: null })).toEqual([
      { pointer: '/status', message: M.needsApproval },
    ]);
  });

  it('refuse a user together with an author name or e-mail, when the request touches them', async () => {
    const both = { ...input().merged, author_email: 'someone@example.com' };
    expect(await problems({ merged: both })).toEqual([]);
    expect(await problems({ merged: both, data: { author_email: 'someone@example.com' } })).toEqual([
      { pointer: '/user_id', message: M.userWithAuthor },
    ]);
    expect(await problems({ merged: { ...both, user_id: null }, data: { author_email: 'someone@example.com' } })).toEqual([]);
  });

  it('refuse completed tasks of another survey', async () => {
    expect(await problems({ merged: { ...input().merged, completed_stages: [1, 9] }, data: { completed_stages: [1, 9] } })).toEqual([
      { pointer: '/completed_stages', message: M.stageMissing(9) },
    ]);
  });

  it('need every required task completed to publish, once the request publishes or completes tasks', async () => {
    const stages = [stage(1, false), stage(2, true), stage(3, true)];
    const publishing = { context: context(false, stages), data: { status: 'published' as const } };
    expect(await problems(publishing)).toEqual([
      { pointer: '/completed_stages', message: M.stageRequired('Task 2') },
      { pointer: '/completed_stages', message: M.stageRequired('Task 3') },
    ]);
    expect(await problems({ ...publishing, merged: { ...input().merged, completed_stages: [2, 3] } })).toEqual([]);
    expect(await problems({ context: context(false, stages) })).toEqual([]);
    expect(await problems({ context: context(false, stages), merged: { ...input().merged, status: 'draft' }, isCreate: true })).toEqual([]);
  });
});
