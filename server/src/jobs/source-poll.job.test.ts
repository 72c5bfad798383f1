import { describe, expect, it } from 'vitest';
import { pollCron } from './source-poll.job';

describe('pollCron', () => {
  it('turns the poll interval into whole minutes of a cron schedule', () => {
    expect(pollCron(60)).toBe('* * * * *');
    expect(pollCron(61)).toBe('*/2 * * * *');
    expect(pollCron(300)).toBe('*/5 * * * *');
    expect(pollCron(3600)).toBe('0 */1 * * *');
    expect(pollCron(7200)).toBe('0 */2 * * *');
    expect(pollCron(86_400)).toBe('0 */24 * * *');
  });
});
