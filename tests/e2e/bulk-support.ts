import type { Browser, Page } from '@playwright/test';
import type { ApiClient } from '../integration/helpers/api';
import { apiPost, blockTiles, plainSurvey } from './posts-support';
import { openAs } from './settings-session';
import { unique, type TestUser } from './support';

export const MODERATE = ['Manage Posts', 'Delete Posts'];

/** `count` posts under review in a new survey, oldest first. */
export async function draftPosts(api: ApiClient, count: number, prefix: string) {
  const survey = await plainSurvey(api);
  const posts: Array<{ id: number; title: string }> = [];
  for (let i = 0; i < count; i++) {
    const title = `${prefix} ${String(i + 1).padStart(2, '0')} ${unique('')}`;
    const post = await apiPost(api, '/posts', { form_id: survey.id, title, content: `Content of ${title}`, status: 'draft' });
    posts.push({ id: post.id as number, title });
  }
  return { survey, posts };
}

/** A moderator's own browser on `path`. */
export async function moderatorPage(browser: Browser, api: ApiClient, role: string, path: string): Promise<{ page: Page; user: TestUser }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await blockTiles(page);
  const user = await openAs(page, api, role, path, MODERATE);
  return { page, user };
}
