import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { memberSession, renderWithApp } from '../../test/harness';
import { queryKeyFor } from './query-keys';
import { useLiveQuery } from './useLiveQuery';

/** Reads who the server says is asking, as a screen would read a resource. */
function Whoami() {
  const whoami = useLiveQuery(['whoami'], () => fetchWhoami());
  return <p>{whoami.data ?? 'loading'}</p>;
}
let fetchWhoami: () => Promise<string> = () => Promise.resolve('nobody');

describe('useLiveQuery', () => {
  it('drops what was read for the old session when it ends, and reads it again for the new one', async () => {
    const answers = ['read as Ada', 'read as anonymous'];
    const asked: string[] = [];
    fetchWhoami = () => {
      const answer = answers[asked.length] ?? 'too many';
      asked.push(answer);
      return Promise.resolve(answer);
    };
    const { services } = await renderWithApp(<Whoami />, { session: memberSession({ userId: 7 }) });
    expect(await screen.findByText('read as Ada')).toBeTruthy();
    expect(services.queries.getQueryData(queryKeyFor(7, ['whoami']))).toBe('read as Ada');

    act(() => services.session.send({ type: 'SESSION_ENDED' }));

    expect(services.queries.getQueryData(queryKeyFor(7, ['whoami']))).toBeUndefined();
    expect(await screen.findByText('read as anonymous')).toBeTruthy();
    expect(services.queries.getQueryData(queryKeyFor('anonymous', ['whoami']))).toBe('read as anonymous');
    expect(screen.queryByText('read as Ada')).toBeNull();
    expect(asked).toEqual(answers);
  });
});
