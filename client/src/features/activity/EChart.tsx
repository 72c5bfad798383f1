import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import langAR from 'echarts/i18n/langAR-obj.js';
import langES from 'echarts/i18n/langES-obj.js';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { baseLanguage, directionOf } from '../../i18n/languages';
import { mirrored } from './chart-direction';

// Only what the activity page draws, to keep its chunk small.
echarts.use([LineChart, BarChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);
// Month and day names on the time axis and in tooltips, in the interface's languages (echarts has English itself).
echarts.registerLocale('ES', langES);
echarts.registerLocale('AR', langAR);
const CHART_LOCALES = new Set(['EN', 'ES', 'AR']);

/** The echarts locale of an interface language; English for one echarts is not told about. */
const chartLocale = (language: string): string => {
  const code = baseLanguage(language).toUpperCase();
  return CHART_LOCALES.has(code) ? code : 'EN';
};

export type ChartOption = echarts.EChartsCoreOption;

/** Charts are 450 pixels high (spec 2 section 9). */
export const CHART_HEIGHT = 450;

/** An echarts canvas that follows its box's width, mirrored in a right-to-left language. */
export function EChart({ option, label }: { option: ChartOption; label: string }) {
  const box = useRef<HTMLDivElement>(null);
  const chart = useRef<echarts.ECharts | null>(null);
  const { language } = useTranslation().i18n;
  const locale = chartLocale(language);
  const dir = directionOf(language);
  const drawn = useMemo(() => (dir === 'rtl' ? mirrored(option) : option), [option, dir]);
  const latest = useRef(drawn);

  // echarts takes its locale when a chart is made: another language makes the chart again.
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const instance = echarts.init(element, undefined, { renderer: 'canvas', locale });
    instance.setOption(latest.current);
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(element);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, [locale]);

  useEffect(() => {
    if (latest.current === drawn) return;
    latest.current = drawn;
    chart.current?.setOption(drawn, { notMerge: true });
  }, [drawn]);

  return (
    <div
      ref={box}
      className="activity-chart"
      role="img"
      aria-label={label}
      data-locale={locale}
      data-dir={dir}
      style={{ height: CHART_HEIGHT }}
    />
  );
}
