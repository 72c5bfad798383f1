import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../i18n/i18n';
import { PlanTiers } from './PlanTiers';

describe('PlanTiers (spec 3 section 2, Plan)', () => {
  beforeAll(() => initI18n());

  it('offers Sign up until the deployment is on level_1', () => {
    render(<PlanTiers signUpUrl="https://ushahidi.io/create?tier=level_1" subscribed={false} />);
    expect(screen.getByRole('link', { name: 'Sign up' }).getAttribute('href')).toBe('https://ushahidi.io/create?tier=level_1');
    expect(screen.queryByRole('button', { name: 'Subscribed' })).toBeNull();
  });

  it('shows a disabled Subscribed button instead when already subscribed', () => {
    render(<PlanTiers signUpUrl="https://ushahidi.io/create" subscribed />);
    expect((screen.getByRole('button', { name: 'Subscribed' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole('link', { name: 'Sign up' })).toBeNull();
  });
});
