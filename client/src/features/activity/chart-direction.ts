import type { ChartOption } from './EChart';

type Part = Record<string, unknown>;
const parts = (value: unknown): Part[] => (Array.isArray(value) ? value : value ? [value] : []) as Part[];
const each = (value: unknown, change: (part: Part) => Part) =>
  Array.isArray(value) ? parts(value).map(change) : value ? change(value as Part) : value;
const otherSide = (side: unknown) => (side === 'left' ? 'right' : side === 'right' ? 'left' : side);

/**
 * A chart as a right-to-left reader expects it (spec 1: right-to-left languages supported): time
 * and values run from the right, the other axis stands on the right, legend marks follow their
 * names, and the grid's margins and the bars' labels change sides. echarts has no direction of its
 * own, so the option is mirrored before it is drawn.
 */
export function mirrored(option: ChartOption): ChartOption {
  const grid = option.grid as Part | undefined;
  return {
    ...option,
    grid: grid ? { ...grid, left: grid.right, right: grid.left } : grid,
    xAxis: each(option.xAxis, (axis) => ({ ...axis, inverse: !axis.inverse })),
    yAxis: each(option.yAxis, (axis) => ({ ...axis, position: 'right' })),
    // A legend entry's mark stands on its name's right, where a right-to-left reader starts.
    legend: each(option.legend, (legend) => ({ ...legend, align: 'right' })),
    series: each(option.series, (series) => {
      const label = series.label as Part | undefined;
      return label ? { ...series, label: { ...label, position: otherSide(label.position) } } : series;
    }),
  };
}
