import { describe, expect, it } from 'vitest';
import { mirrored } from './chart-direction';

describe('mirrored', () => {
  it('runs the time axis from the right and stands the value axis on the right', () => {
    const option = {
      grid: { left: 56, right: 24, top: 40, bottom: 64 },
      xAxis: { type: 'time' },
      yAxis: { type: 'value', name: 'per day' },
      legend: { type: 'scroll', bottom: 0 },
      series: [{ type: 'line', data: [1, 2] }],
    };
    expect(mirrored(option)).toEqual({
      grid: { left: 24, right: 56, top: 40, bottom: 64 },
      xAxis: { type: 'time', inverse: true },
      yAxis: { type: 'value', name: 'per day', position: 'right' },
      legend: { type: 'scroll', bottom: 0, align: 'right' },
      series: [{ type: 'line', data: [1, 2] }],
    });
  });

  it("grows bars leftwards with their labels at the bars' left ends", () => {
    const option = {
      xAxis: [{ type: 'value' }],
      yAxis: [{ type: 'category', data: ['A', 'B'] }],
      series: [{ type: 'bar', label: { show: true, position: 'right' } }],
    };
    const drawn = mirrored(option);
    expect(drawn.xAxis).toEqual([{ type: 'value', inverse: true }]);
    expect(drawn.yAxis).toEqual([{ type: 'category', data: ['A', 'B'], position: 'right' }]);
    expect(drawn.series).toEqual([{ type: 'bar', label: { show: true, position: 'left' } }]);
  });

  it('leaves the option it was given as it was', () => {
    const option = { xAxis: { type: 'time', inverse: false }, grid: { left: 1, right: 2 } };
    mirrored(option);
    expect(option).toEqual({ xAxis: { type: 'time', inverse: false }, grid: { left: 1, right: 2 } });
  });
});
