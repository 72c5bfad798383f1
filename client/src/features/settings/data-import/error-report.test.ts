import { describe, expect, it } from 'vitest';
import { parseErrorReport } from './error-report';

describe('the refused-rows report', () => {
  it('reads rows, quoted cells with commas, quotes and line breaks, and escaped formula cells', () => {
    const text =
      '\uFEFFrow,column,reason\r\n3,Title,Title is required\r\n7,,"The row has 5 cells, but ""4"" columns\nfit"\r\n9,Lat,\'=1+1 is not a number\r\n';
    expect(parseErrorReport(text)).toEqual([
      { row: 3, column: 'Title', reason: 'Title is required' },
      { row: 7, column: '', reason: 'The row has 5 cells, but "4" columns\nfit' },
      { row: 9, column: 'Lat', reason: '=1+1 is not a number' },
    ]);
  });

  it('has no rows for a report of only its header', () => {
    expect(parseErrorReport('\uFEFFrow,column,reason\r\n')).toEqual([]);
  });
});
