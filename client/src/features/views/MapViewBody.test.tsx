import { screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithApp, type FakeRequest, listAnswer as list } from '../../test/harness';
import MapViewBody from './MapViewBody';

const survey = {
  id: 3,
  url: '/api/v3/forms/3',
  parent: null,
  name: 'Flood reports',
  description: null,
  color: '#e53e3e',
  type: 'report',
  disabled: false,
  created: '2024-01-01T00:00:00+00:00',
  updated: null,
  hide_author: false,
  hide_time: false,
  hide_location: false,
  require_approval: false,
  everyone_can_create: true,
  targeted_survey: false,
  can_create: [],
  tags: [],
  allowed_privileges: ['read'],
};

/** The stats answer: three posts of survey 3, and `unmapped` of them without a location when asked. */
const stats = (unmapped: number) => (request: FakeRequest) => ({
  body: {
    totals: [{ key: 'form', values: [{ label: survey.name, total: 3, id: 3, type: 'web' }] }],
    group_by: 'form',
    group_by_attribute_key: null,
    timeline_attribute: null,
    ...(request.query.get('include_unmapped') === '1' ? { unmapped } : {}),
  },
});

function DataView() {
  const location = useLocation();
  return <p data-testid="data-view">{`${location.pathname}${location.search}`}</p>;
}

async function mapAt(route: string, unmapped: number) {
  const app = await renderWithApp(
    <Routes>
      <Route path="/views/map" element={<MapViewBody />} />
      <Route path="/views/data" element={<DataView />} />
    </Routes>,
    {
      route,
      handlers: {
        'GET /forms': () => ({ body: list([survey]) }),
        'GET /tags': () => ({ body: list([]) }),
        'GET /posts/stats': stats(unmapped),
        'GET /posts/clusters': () => ({ body: { type: 'FeatureCollection', total: 1, features: [] } }),
      },
    },
  );
  const asked = () => app.server.requests.filter((r) => r.path === '/posts/stats' && r.query.get('include_unmapped') === '1');
  return { ...app, asked };
}

describe('posts without a location on the map', () => {
  it('links to them in the data view under the same filters', async () => {
    const { user, asked } = await mapAt('/views/map?form=3&q=flood', 2);
    const link = await screen.findByRole('link', { name: '2 posts without a location' });
    expect(link.getAttribute('href')).toBe('/views/data?form=3&q=flood&has_location=unmapped');
    // Under a survey filter the per-survey counts leave the survey out: the count has its own query.
    expect(asked().map((r) => r.query.getAll('form[]'))).toEqual([['3']]);
    expect(asked()[0]?.query.get('group_by')).toBeNull();
    await user.click(link);
    expect((await screen.findByTestId('data-view')).textContent).toBe('/views/data?form=3&q=flood&has_location=unmapped');
  });

  it('asks with the per-survey counts when no survey filter is set', async () => {
    const { asked } = await mapAt('/views/map', 1);
    expect(await screen.findByRole('link', { name: '1 post without a location' })).toBeTruthy();
    expect(asked()).toHaveLength(1);
    expect(asked()[0]?.query.get('group_by')).toBe('form');
  });

  it('shows nothing when every matching post has a location', async () => {
    const { asked } = await mapAt('/views/map', 0);
    await waitFor(() => expect(asked()).toHaveLength(1));
    await screen.findByTestId('survey-count-3');
    expect(screen.queryByRole('link', { name: /without a location/ })).toBeNull();
  });

  it('does not count them under a location filter', async () => {
    const { server, asked } = await mapAt('/views/map?has_location=mapped', 5);
    await waitFor(() => expect(server.requests.some((r) => r.path === '/posts/stats')).toBe(true));
    await screen.findByTestId('survey-count-3');
    expect(asked()).toHaveLength(0);
    expect(screen.queryByRole('link', { name: /without a location/ })).toBeNull();
  });
});
