import { describe, expect, it } from 'vitest';
import { admin, allowed, anonymous, caller, member, shutOut } from './callers.fixture';
import { canEditForms, formRoleRule, formRule, formStatsRule, isStageVisible, stageRule, type StageVisibility } from './forms.policy';

const editor = caller(3, 'editor', ['Manage Settings']);
const open = { disabled: false };
const disabled = { disabled: true };
const BASIC = ['read', 'create', 'update', 'delete', 'search'];

const stage = (show_when_published: boolean, task_is_internal_only: boolean): StageVisibility => ({
  show_when_published,
  task_is_internal_only,
});

describe('surveys', () => {
  it('are edited by admins and Manage Settings only', () => {
    expect([admin, editor, member, anonymous].map(canEditForms)).toEqual([true, true, false, false]);
    expect(allowed(formRule, editor, disabled)).toEqual(BASIC);
  });

  it('are searched by anyone and read unless disabled', () => {
    expect(allowed(formRule, member, open)).toEqual(['read', 'search']);
    expect(allowed(formRule, anonymous, disabled)).toEqual(['search']);
    expect(allowed(formRule, member, null)).toEqual(['search']);
    expect(allowed(formRule, shutOut, open)).toEqual([]);
  });

  it('list the roles allowed to post with the survey, replaced by editors', () => {
    expect(allowed(formRoleRule, member, open)).toEqual(['read', 'search']);
    expect(allowed(formRoleRule, member, disabled)).toEqual([]);
    expect(allowed(formRoleRule, editor, open)).toEqual(BASIC);
    expect(allowed(formRoleRule, shutOut, open)).toEqual([]);
  });

  it('give their statistics to editors only', () => {
    expect(allowed(formStatsRule, editor, null)).toEqual(['read', 'search']);
    expect(allowed(formStatsRule, member, null)).toEqual([]);
    expect(allowed(formStatsRule, { ...admin, privateDeployment: true }, null)).toEqual(['read', 'search']);
  });
});

describe('tasks and fields', () => {
  it('show only tasks shown once published, internal ones on published posts only', () => {
    expect(isStageVisible(stage(true, false))).toBe(true);
    expect(isStageVisible(stage(false, false), 'published')).toBe(false);
    expect(isStageVisible(stage(true, true))).toBe(false);
    expect(isStageVisible(stage(true, true), 'draft')).toBe(false);
    expect(isStageVisible(stage(true, true), 'published')).toBe(true);
  });

  it('are read through their task by those who cannot edit the survey, never in a disabled one', () => {
    expect(allowed(stageRule, member, { form: open, stage: stage(true, false) })).toEqual(['read', 'search']);
    expect(allowed(stageRule, member, { form: open, stage: stage(true, true), postStatus: 'published' })).toEqual(['read', 'search']);
    expect(allowed(stageRule, member, { form: open, stage: stage(true, true) })).toEqual(['search']);
    expect(allowed(stageRule, member, { form: open, stage: null })).toEqual(['search']);
    expect(allowed(stageRule, anonymous, { form: disabled, stage: stage(true, false) })).toEqual([]);
    expect(allowed(stageRule, editor, { form: disabled, stage: stage(false, true) })).toEqual(BASIC);
    expect(allowed(stageRule, shutOut, { form: open, stage: stage(true, false) })).toEqual([]);
  });
});
