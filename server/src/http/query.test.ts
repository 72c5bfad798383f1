import { NotificationListQuery, POST_SORTABLE, UserListQuery } from '@platform/shared';
import { describe, expect, it } from 'vitest';
import { ValidationError } from './errors';
import { parsePaging, parseQuery } from './query';

/** The 422 a call throws, as the error middleware would render it. */
function refusal(call: () => unknown) {
  try {
    call();
  } catch (error) {
    expect(error).toBeInstanceOf(ValidationError);
    return { status: (error as ValidationError).status, errors: (error as ValidationError).toEntries() };
  }
  throw new Error('expected a refusal');
}

describe('parseQuery', () => {
  it('turns bad parameters into the 422 envelope, one entry a parameter (API-CONTRACT 2.1)', () => {
    expect(refusal(() => parseQuery(UserListQuery, { limit: 'abc', orderby: 'password', offset: ['-1', '2'] }, 'user'))).toEqual({
      status: 422,
      errors: [
        {
          status: 422,
          message:
            'Failed to validate user entity:\nlimit must be a positive whole number\noffset must be a positive whole number\n' +
            'orderby must be one of id, realname, email, username, role, created, updated, last_login',
        },
        {
          status: 422,
          title: 'limit must be a positive whole number',
          message: 'limit must be a positive whole number',
          source: { pointer: '/limit' },
        },
        {
          status: 422,
          title: 'offset must be a positive whole number',
          message: 'offset must be a positive whole number',
          source: { pointer: '/offset' },
        },
        {
          status: 422,
          title: 'orderby must be one of id, realname, email, username, role, created, updated, last_login',
          message: 'orderby must be one of id, realname, email, username, role, created, updated, last_login',
          source: { pointer: '/orderby' },
        },
      ],
    });
  });

  it('points at the parameter, not at the item of a list that failed', () => {
    const { errors } = refusal(() => parseQuery(NotificationListQuery, { set: ['1', 'x', 'y'] }, 'notification'));
    expect(errors.map((e) => e.source?.pointer)).toEqual([undefined, '/set']);
    expect(errors[0]?.message).toBe('Failed to validate notification entity:\nset must be a list of ids');
  });
});

describe('parsePaging', () => {
  const options = { resource: 'post', sortable: POST_SORTABLE, orderby: 'post_date', order: 'desc', maxLimit: 20 } as const;

  it('reads the paging of the post lists with their cap', () => {
    expect(parsePaging({ limit: '1000', orderby: 'title' }, options)).toEqual({ limit: 20, offset: 0, order: 'desc', orderby: 'title' });
    expect(parsePaging({}, { ...options, maxLimit: 100 }).limit).toBe(100);
  });

  it('refuses a bad parameter with the resource named', () => {
    const { errors } = refusal(() => parsePaging({ orderby: 'content' }, options));
    expect(errors[0]?.message).toBe('Failed to validate post entity:\norderby must be one of post_date, created, updated, id, title');
    expect(errors[1]?.source).toEqual({ pointer: '/orderby' });
  });
});
