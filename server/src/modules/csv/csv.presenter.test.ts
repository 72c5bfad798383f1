import { describe, expect, it } from 'vitest';
import { errorReportCsv } from './csv.presenter';

describe('errorReportCsv', () => {
  it('writes row, column and reason, quoting what needs it and defusing formula cells', () => {
    const csv = errorReportCsv([
      { row: 2, column: 'Place', reason: 'attribute Place is required' },
      { row: 3, column: '=cmd', reason: 'a "quoted", reason' },
      { row: 4, column: null, reason: '-1 is not allowed' },
      { row: 5, column: '@x', reason: '+y' },
    ]);
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.slice(1).split('\r\n')).toEqual([
      'row,column,reason',
      '2,Place,attribute Place is required',
      `3,'=cmd,"a ""quoted"", reason"`,
      `4,,'-1 is not allowed`,
      `5,'@x,'+y`,
      '',
    ]);
  });
});
