import { describe, expect, it } from 'vitest';
import { cameraBounds, clampBbox, fitCamera, fittedView, MAP_FIT_PADDING, type Bbox } from './map-fit';

const size = { width: 1000, height: 600 };
const options = { padding: 60, minZoom: 0, maxZoom: 15 };

describe('the camera a fitted map opens at', () => {
  it('puts the box in the middle at the zoom where it just fits inside the padding', () => {
    // 90 degrees of longitude around the equator: a quarter of the world, 128 px wide at zoom 0.
    const camera = fitCamera([0, -10, 90, 10], size, options);
    expect(camera.center[0]).toBeCloseTo(45, 6);
    expect(camera.center[1]).toBeCloseTo(0, 6);
    expect(camera.zoom).toBeCloseTo(Math.log2((1000 - 120) / 128), 6);
    const [west, , east] = cameraBounds(camera, size);
    // The view is the box and the padding on either side.
    expect(east - west).toBeCloseTo((90 * 1000) / 880, 6);
  });

  it('fits the taller side when the box is taller than the room', () => {
    const camera = fitCamera([36, -5, 37, 5], size, options);
    const [west, south, east, north] = cameraBounds(camera, size);
    expect(south).toBeLessThan(-5);
    expect(north).toBeGreaterThan(5);
    expect(west).toBeLessThan(36);
    expect(east).toBeGreaterThan(37);
    // The padding is the vertical margin: 60 of 600 px above and below.
    const shown = north - south;
    expect(10 / shown).toBeCloseTo(480 / 600, 2);
  });

  it('stays within the zoom limits: one place opens at the highest fitted zoom, the world at the lowest', () => {
    expect(fitCamera([36.8, -1.3, 36.8, -1.3], size, options)).toEqual({
      center: [expect.closeTo(36.8, 6), expect.closeTo(-1.3, 6)],
      zoom: 15,
    });
    expect(fitCamera([-180, -85, 180, 85], size, { ...options, minZoom: 2 }).zoom).toBe(2);
  });

  it('keeps the view within the poles', () => {
    const [, south, , north] = cameraBounds({ center: [0, 80], zoom: 1 }, size);
    expect(north).toBeCloseTo(85.0511, 3);
    expect(south).toBeGreaterThan(-85.06);
  });

  it('shows the whole box inside the padding, touching it on the side that fits', () => {
    const box: Bbox = [10, 40, 20, 50];
    const camera = fitCamera(box, size, options);
    const [west, south, east, north] = cameraBounds(camera, { width: size.width - 120, height: size.height - 120 });
    expect(west).toBeLessThanOrEqual(10 + 1e-9);
    expect(east).toBeGreaterThanOrEqual(20 - 1e-9);
    expect(south).toBeLessThanOrEqual(40 + 1e-9);
    expect(north).toBeGreaterThanOrEqual(50 - 1e-9);
    // Ten degrees of latitude this far north span more pixels than ten of longitude: the height fits.
    expect(north).toBeCloseTo(50, 6);
    expect(south).toBeCloseTo(40, 6);
    expect(west).toBeLessThan(10 - 1);
  });

  it('gives the clusters endpoint a viewport it takes', () => {
    expect(clampBbox(-500, -95, 10, 95)).toEqual([-180, -90, 180, 90]);
    expect(clampBbox(170, -10, 190, 10)).toEqual([170, -10, 190, 10]);
    const { camera, viewport } = fittedView([-179, -60, 179, 70], { width: 3000, height: 400 }, 0);
    expect(camera.zoom).toBeGreaterThanOrEqual(0);
    expect(viewport).toEqual([-180, expect.any(Number), 180, expect.any(Number)]);
    const near = fittedView([36.8, -1.3, 36.9, -1.2], size, 2);
    expect(near.camera).toEqual(fitCamera([36.8, -1.3, 36.9, -1.2], size, { padding: MAP_FIT_PADDING, minZoom: 2, maxZoom: 15 }));
  });
});
