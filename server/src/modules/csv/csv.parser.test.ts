import { CsvMessages } from '@platform/shared';
import { describe, expect, it } from 'vitest';
import { csvRecords, CsvFileError, inspectCsv } from './csv.parser';

const buf = (text: string) => Buffer.from(text, 'utf8');

async function all(content: Buffer, from = 0) {
  const out = [];
  for await (const record of csvRecords(content, from)) out.push(record);
  return out;
}

describe('inspectCsv', () => {
  it('reads the column names and counts the rows that are not blank', async () => {
    expect(await inspectCsv(buf(' a ,b\n1,2\n\n3,4\n'))).toEqual({ columns: ['a', 'b'], total: 2 });
  });

  it('drops a byte order mark and discovers \\r, \\n and \\r\\n line endings', async () => {
    for (const eol of ['\r', '\n', '\r\n'])
      expect(await inspectCsv(buf(`\uFEFFx,y${eol}1,2${eol}3,4`))).toEqual({ columns: ['x', 'y'], total: 2 });
  });

  it('refuses empty files, missing column names, binary and non-UTF-8 content, broken quotes, too many columns', async () => {
    const refusal = (content: Buffer) =>
      inspectCsv(content).then(
        () => null,
        (e: unknown) => (e instanceof CsvFileError ? e.message : e),
      );
    expect(await refusal(buf(''))).toBe(CsvMessages.fileEmpty);
    expect(await refusal(buf(' , \n1,2\n'))).toBe(CsvMessages.noHeader);
    expect(await refusal(Buffer.from([0x61, 0x00, 0x62]))).toBe(CsvMessages.fileType);
    expect(await refusal(Buffer.from([0x61, 0x0a, 0xe9, 0x0a]))).toBe(CsvMessages.notUtf8);
    expect(await refusal(buf('a\n"open\n'))).toMatch(/^The CSV file could not be read: /);
    expect(await refusal(buf(`${'c,'.repeat(1000)}c\n`))).toBe(CsvMessages.tooManyColumns);
  });
});

describe('csvRecords', () => {
  it('numbers records from the checkpoint, as spreadsheet rows, with quoted line breaks in one cell', async () => {
    const content = buf('t,c\n"one, two","multi\nline"\n\nlast,x\n');
    expect(await all(content)).toEqual([
      { index: 0, row: 2, cells: ['one, two', 'multi\nline'], blank: false },
      { index: 1, row: 3, cells: [''], blank: true },
      { index: 2, row: 4, cells: ['last', 'x'], blank: false },
    ]);
    expect((await all(content, 2)).map((r) => r.row)).toEqual([4]);
  });

  it('keeps a quote inside an unquoted cell as text (a hand-typed formula)', async () => {
    expect((await all(buf('t\n=SUM("A1")\n')))[0]!.cells).toEqual(['=SUM("A1")']);
  });
});
