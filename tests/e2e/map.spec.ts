import { fittedView, type PostClusters } from '@platform/shared';
import { mappedPost, mappedSurvey, readyMap, zoomUntilMarkers } from './map-support';
import { blockTiles } from './posts-support';
import { openAs } from './settings-session';
import { expect, shot, test, turnViewOff, unique } from './support';

test.describe('map view', () => {
  test('clusters posts, zooms into a cluster and opens a popup card', async ({ page, api }) => {
    await blockTiles(page);
    const survey = await mappedSurvey(api, '#aa3300');
    const titles = [unique('Well A '), unique('Well B '), unique('Well C ')];
    const ids: number[] = [];
    // Three posts a hundred metres apart in Nairobi, one in Mombasa.
    for (const [i, title] of titles.entries()) ids.push(await mappedPost(api, survey, title, -1.2864 + i * 0.001, 36.8172));
    const far = await mappedPost(api, survey, unique('Harbour '), -4.0435, 39.6682);

    await page.goto(`/views/map?form=${survey.id}`);
    await readyMap(page);
    await expect(page.getByRole('status').filter({ hasText: 'posts on the map' })).toHaveText('4 posts on the map');
    // Fitted to the posts: Nairobi's three form one cluster, Mombasa's post is a marker in the survey colour.
    const cluster = page.getByRole('button', { name: '3 posts here: zoom in' });
    await expect(cluster).toBeVisible();
    const harbour = page.locator(`.map-marker[data-post-id="${far}"]`);
    await expect(harbour).toBeVisible();
    await expect(harbour).toHaveAttribute('data-color', '#aa3300');
    const size = await harbour.boundingBox();
    expect(size?.width).toBe(32);
    expect(size?.height).toBe(32);
    await shot(page, 'map-clusters');

    await cluster.click();
    await zoomUntilMarkers(page, 3);
    for (const id of ids) await expect(page.locator(`.map-marker[data-post-id="${id}"]`)).toBeVisible();
    await page.locator(`.map-marker[data-post-id="${ids[1]}"]`).click();
    const card = page.locator('.maplibregl-popup').getByRole('article', { name: titles[1] });
    await expect(card).toBeVisible();
    await expect(card).toContainText(`Content of ${titles[1]}`);
    // The post card (spec 2 screen 2): the survey's colour band, status, author, time and source.
    await expect(card).toHaveCSS('border-inline-start-color', 'rgb(170, 51, 0)');
    await expect(card.locator('.post-status')).toHaveText('Published');
    await expect(card.locator('.post-source')).toHaveText('Web');
    await expect(card.locator('time')).toBeVisible();
    // The title keeps clear of maplibre's close button in the corner.
    const title = (await card.locator('.map-popup-title').boundingBox())!;
    const close = (await page.locator('.maplibregl-popup-close-button').boundingBox())!;
    expect(title.x + title.width).toBeLessThanOrEqual(close.x);
    await shot(page, 'map-popup');
    // The post opens with the map's filters, and closing it comes back to the map.
    await card.getByRole('link', { name: 'Open post' }).click();
    await expect(page).toHaveURL(new RegExp(`/posts/${ids[1]}\\?form=${survey.id}$`));
    await page.locator('.post-detail').getByRole('button', { name: 'Close' }).click();
    await expect(page).toHaveURL(new RegExp(`/views/map\\?form=${survey.id}$`));
    await readyMap(page);
  });

  test('fits itself to every post, not only to the centres of the clusters that first held them', async ({ page, api }) => {
    await blockTiles(page);
    const survey = await mappedSurvey(api, '#7a3db8');
    // Two pairs: zoomed out, each pair is one cluster whose centre lies 2° inside its outer post.
    for (const lon of [30, 34, 44, 48]) await mappedPost(api, survey, unique(`Lon ${lon} `), 0, lon);
    const asked: URLSearchParams[] = [];
    // A question asked again (a post of another test pushes an event) cancels the one in flight,
    // whose body is then gone: the fitted answers that arrived whole all hold the same bbox.
    const fitAnswers: Promise<PostClusters | null>[] = [];
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.pathname !== '/api/v3/posts/clusters') return;
      asked.push(url.searchParams);
      if (url.searchParams.has('fit'))
        fitAnswers.push(
          response.json().then(
            (body: PostClusters) => body,
            () => null,
          ),
        );
    });
    // The first marker put on the page, to see that the map keeps the markers it opened with.
    await page.addInitScript(() => {
      new MutationObserver((records, observer) => {
        const node = records.flatMap((r) => Array.from(r.addedNodes)).find((n) => n instanceof HTMLElement && n.matches('.map-marker'));
        if (!node) return;
        observer.disconnect();
        (window as unknown as { firstMarker: Node }).firstMarker = node;
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto(`/views/map?form=${survey.id}`);
    const map = await readyMap(page);
    const markers = page.locator('.map-marker');
    await expect(markers).toHaveCount(4);
    // The first question is the fitted view's, worked out on the server for the map's size before
    // the map existed; it is the view maplibre-gl then shows, and asks about itself.
    // Posts made by other tests push events that may ask the fitted question again meanwhile.
    await expect.poll(() => asked.some((params) => !params.has('fit'))).toBe(true);
    const fit = asked[0]!;
    const own = asked.find((params) => !params.has('fit'))!;
    expect(fit.get('bbox')).toBeNull();
    const [width, height] = fit.get('fit')!.split(',').map(Number) as [number, number];
    const answered = (await Promise.all(fitAnswers)).find((body) => body !== null)!;
    const { camera, viewport } = fittedView(answered.bbox!, { width, height }, Number(fit.get('zoom')));
    expect(own.get('zoom')).toBe(String(Math.floor(camera.zoom)));
    const shown = own.get('bbox')!.split(',').map(Number);
    viewport.forEach((degrees, i) => expect(Math.abs(degrees - shown[i]!)).toBeLessThan(0.001));
    // The markers went on the map as it was made, before its first frame, and stayed: they were not
    // drawn again once it was on screen.
    expect(await page.evaluate(() => (window as unknown as { firstMarker?: Node }).firstMarker?.isConnected)).toBe(true);
    const frame = (await map.boundingBox())!;
    for (const marker of await markers.all()) {
      const box = (await marker.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(frame.x);
      expect(box.x + box.width).toBeLessThanOrEqual(frame.x + frame.width);
    }
    await shot(page, 'map-fitted');
  });

  test('a fitted map whose first answer is slow still fits itself, though its frame is resized meanwhile', async ({ page, api }) => {
    await blockTiles(page);
    const survey = await mappedSurvey(api, '#3d7ab8');
    for (const lon of [30, 34, 44, 48]) await mappedPost(api, survey, unique(`Slow ${lon} `), 0, lon);
    // The fitted question is answered only when the test says so; the map is made at its default
    // view once it has waited a second.
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const viewports: URLSearchParams[] = [];
    let minZoom = NaN;
    await page.route('**/api/v3/posts/clusters?*', async (route) => {
      const params = new URL(route.request().url()).searchParams;
      if (params.has('fit')) {
        minZoom = Number(params.get('zoom'));
        await answered;
      } else viewports.push(params);
      await route.continue();
    });
    await page.clock.install();
    await page.goto(`/views/map?form=${survey.id}`);
    const map = page.getByRole('region', { name: 'Map of posts' });
    await expect(map.locator('canvas')).toBeAttached();
    // Time stands still while the frame is resized, then runs well past the map's own throttle of
    // resizes and its wait after a move: the resize has moved the map by then, and a viewport
    // question it asked would be on its way.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    await page.setViewportSize({ width: 900, height: 640 });
    const size = await map.evaluate((element) => ({ width: element.clientWidth, height: element.clientHeight }));
    await expect(map.locator('canvas')).toHaveJSProperty('clientWidth', size.width);
    await page.clock.runFor(2000);
    await page.clock.resume();
    answer();
    // The map fits itself to the posts at its new size, and asks for that view.
    await expect(page.locator('.map-marker')).toHaveCount(4);
    await expect.poll(() => viewports.length).toBeGreaterThan(0);
    const bbox: [number, number, number, number] = [30, 0, 48, 0];
    const { camera } = fittedView(bbox, size, minZoom);
    expect(viewports[0]!.get('zoom')).toBe(String(Math.floor(camera.zoom)));
  });

  test('on a phone, the popup of a point near the edge of the map is brought into view whole', async ({ page, api }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await blockTiles(page);
    const survey = await mappedSurvey(api, '#2a7ab0');
    await mappedPost(api, survey, unique('West '), -1.29, 36.8);
    const east = await mappedPost(api, survey, unique('East '), -1.29, 36.86);
    await page.goto(`/views/map?form=${survey.id}`);
    const map = await readyMap(page);
    // The map comes first on a phone: at least 300 px of it on the first screen (the site's name and logo, set
    // by other tests, may take two header rows); the survey list (the filters dropdown has it) is not above it.
    expect(await map.evaluate((el) => el.getBoundingClientRect().top + window.scrollY)).toBeLessThan(844 - 300);
    await expect(page.getByRole('complementary', { name: 'Filter posts' })).toBeHidden();
    // Fitted to the two posts, the eastern one sits near the map's right edge.
    await page.locator(`.map-marker[data-post-id="${east}"]`).click();
    const card = page.locator('.maplibregl-popup .map-popup-card');
    await expect(card).toContainText('Published');
    await expect(async () => {
      const [popup, frame] = [(await page.locator('.maplibregl-popup').boundingBox())!, (await map.boundingBox())!];
      expect(popup.x).toBeGreaterThanOrEqual(frame.x);
      expect(popup.x + popup.width).toBeLessThanOrEqual(frame.x + frame.width);
      expect(popup.y).toBeGreaterThanOrEqual(frame.y);
    }).toPass({ timeout: 20_000 });
    await shot(page, 'map-popup-phone');
  });

  test('a new post appears on the map without a reload, and the heatmap replaces the markers', async ({ page, api }) => {
    await blockTiles(page);
    const survey = await mappedSurvey(api, '#1f8a3b');
    await mappedPost(api, survey, unique('First '), 10.5, 20.5);
    await page.goto(`/views/map?form=${survey.id}`);
    await readyMap(page);
    await expect(page.locator('.map-marker')).toHaveCount(1);
    const stats = page.getByRole('status').filter({ hasText: 'on the map' });
    await expect(stats).toHaveText('1 post on the map');

    const added = await mappedPost(api, survey, unique('Pushed '), 10.5004, 20.5003);
    await expect(page.locator(`.map-marker[data-post-id="${added}"], .map-cluster[data-count="2"]`)).toBeVisible();
    await expect(stats).toHaveText('2 posts on the map');

    await page.getByRole('switch', { name: 'Heatmap' }).check();
    await expect(page.locator('.map-marker, .map-cluster')).toHaveCount(0);
    await shot(page, 'map-heatmap');
    await page.getByRole('switch', { name: 'Heatmap' }).uncheck();
    await expect(page.locator('.map-marker, .map-cluster').first()).toBeVisible();
  });

  test('filtering by survey: the sidebar counts, the map and the data list agree', async ({ page, api }) => {
    await blockTiles(page);
    const rivers = await mappedSurvey(api, '#1d5a86', 'Rivers ');
    const roads = await mappedSurvey(api, '#b3261e', 'Roads ');
    const riverTitles = [unique('River one '), unique('River two ')];
    await mappedPost(api, rivers, riverTitles[0]!, 5.1, 5.1);
    await mappedPost(api, rivers, riverTitles[1]!, 6.2, 6.2);
    const roadTitle = unique('Road one ');
    await mappedPost(api, roads, roadTitle, 5.5, 6.5);

    await openAs(page, api, 'admin', `/views/map?form=${rivers.id},${roads.id}`);
    await readyMap(page);
    const sidebar = page.getByRole('complementary', { name: 'Filter posts' });
    await expect(sidebar.getByTestId(`survey-count-${rivers.id}`)).toHaveText('2');
    await expect(sidebar.getByTestId(`survey-count-${roads.id}`)).toHaveText('1');
    const stats = page.getByRole('status').filter({ hasText: 'on the map' });
    await expect(stats).toHaveText('3 posts on the map');

    // Unticking Roads leaves Rivers: the map says two, a chip names the filter, the address keeps it.
    // The map has fitted itself already: it asks for its viewport only, never the world again.
    const asked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/v3/posts/clusters')) asked.push(request.url());
    });
    const roadsBox = sidebar.getByRole('checkbox', { name: roads.name });
    await roadsBox.click();
    await expect(roadsBox).not.toBeChecked();
    await expect(stats).toHaveText('2 posts on the map');
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.filter((url) => !url.includes('bbox='))).toEqual([]);
    await expect(page).toHaveURL(new RegExp(`form=${rivers.id}(&|$)`));
    await expect(page.getByRole('list', { name: 'Active filters' })).toContainText(`Surveys: ${rivers.name}`);
    await expect(page.locator('.map-marker[data-color="#b3261e"]')).toHaveCount(0);
    await shot(page, 'map-filtered');

    // The mode bar's Data keeps the filters: the data view reads them from the address, and has the same sidebar.
    const search = new URL(page.url()).search;
    await page.getByRole('navigation', { name: 'Views' }).getByRole('link', { name: 'Data' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/views/data' && url.search === search);
    for (const title of riverTitles) await expect(page.locator('.post-card', { hasText: title })).toBeVisible();
    await expect(page.locator('.post-card', { hasText: roadTitle })).toHaveCount(0);
    await expect(page.locator('.post-card')).toHaveCount(2);
    await expect(sidebar.getByTestId(`survey-count-${rivers.id}`)).toHaveText('2');
    await expect(sidebar.getByTestId(`survey-count-${roads.id}`)).toHaveText('1');
    await expect(sidebar.getByRole('checkbox', { name: roads.name })).not.toBeChecked();
    // Ticking Roads again on the data view brings its post into the list.
    await sidebar.getByRole('checkbox', { name: roads.name }).click();
    await expect(page.locator('.post-card', { hasText: roadTitle })).toBeVisible();
    await expect(page.locator('.post-card')).toHaveCount(3);
    await shot(page, 'data-sidebar');
    // An open post takes the sidebar's room on a laptop screen.
    await page.locator('.post-card', { hasText: roadTitle }).getByRole('link').first().click();
    await expect(page.locator('.post-detail')).toBeVisible();
    await expect(sidebar).toBeHidden();

    // "Show only" from the survey's menu.
    await page.goto(`/views/map?form=${rivers.id},${roads.id}`);
    await readyMap(page);
    await sidebar.getByLabel(`Options for ${roads.name}`).click();
    await sidebar.getByRole('button', { name: 'Show only this' }).click();
    await expect(stats).toHaveText('1 post on the map');
  });

  test('another language redraws the map with its markers where the user left it', async ({ page, api }) => {
    await blockTiles(page);
    const survey = await mappedSurvey(api, '#7a4fb0');
    const id = await mappedPost(api, survey, unique('Spoken '), 12.1, 15.1);
    await page.goto(`/views/map?form=${survey.id}`);
    await readyMap(page);
    const marker = page.locator(`.map-marker[data-post-id="${id}"]`);
    await expect(marker).toHaveAttribute('aria-label', `Post ${id}`);
    const canvas = page.locator('canvas.maplibregl-canvas');
    // Where the marker sits on the map (the page around the map may reflow in another language).
    const onMap = async (locator: typeof marker) => {
      const [m, c] = [(await locator.boundingBox())!, (await canvas.boundingBox())!];
      return { x: m.x - c.x, y: m.y - c.y };
    };
    const opened = await onMap(marker);
    // The user moves the map away from where it opened.
    const box = (await canvas.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 - 120, box.y + box.height / 2 + 80, { steps: 8 });
    await page.mouse.up();
    await expect(page.getByRole('status').filter({ hasText: 'on the map' })).toHaveText('1 post on the map');
    const before = await onMap(marker);
    expect(Math.abs(before.x - opened.x) + Math.abs(before.y - opened.y)).toBeGreaterThan(100);

    await page.getByLabel('Language').selectOption('es');
    await expect(page.getByRole('region', { name: 'Mapa de publicaciones' })).toHaveAttribute('data-ready', 'true', { timeout: 20_000 });
    const spoken = page.locator(`.map-marker[data-post-id="${id}"]`);
    await expect(spoken).toHaveAttribute('aria-label', `Publicación ${id}`);
    await expect(page.getByRole('button', { name: 'Acercar' })).toBeVisible();
    await expect(page.getByRole('alert')).toHaveCount(0);
    const after = await onMap(spoken);
    expect(Math.abs(after.x - before.x)).toBeLessThan(2);
    expect(Math.abs(after.y - before.y)).toBeLessThan(2);
    await shot(page, 'map-spanish');
  });

  test('/map/noui shows the map alone, without the application chrome', async ({ page, api }) => {
    await blockTiles(page);
    const survey = await mappedSurvey(api);
    await mappedPost(api, survey, unique('Embedded '), -1.3, 36.8);
    await page.goto(`/map/noui?form=${survey.id}`);
    await readyMap(page);
    await expect(page.locator('.app-header')).toHaveCount(0);
    await expect(page.getByRole('navigation')).toHaveCount(0);
    await expect(page.locator('.map-marker')).toHaveCount(1);
    await shot(page, 'map-noui');

    // A plan without the map view has no embed of it either (spec 2 section 6).
    await turnViewOff(page, 'map');
    await page.reload();
    await expect(page.getByText("The Map view isn't available on your current plan.")).toBeVisible();
    await expect(page.locator('.maplibregl-canvas')).toHaveCount(0);
    await shot(page, 'map-noui-unavailable');
  });
});
