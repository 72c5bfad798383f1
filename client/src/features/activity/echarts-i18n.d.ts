/** echarts ships its locales as UMD files without types; each exports one locale object. */
declare module 'echarts/i18n/*-obj.js' {
  const locale: Parameters<typeof import('echarts/core').registerLocale>[1];
  export default locale;
}
