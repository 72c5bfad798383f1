import { CSV_MAX_COLUMNS, CsvMessages } from '@platform/shared';
import { CsvError, parse, type Options } from 'csv-parse';

/** Why an uploaded file cannot be imported; the service answers it as a 422 on `/file`. */
export class CsvFileError extends Error {}

/** One data record: `index` counts data records from 0 (the checkpoint), `row` is its spreadsheet row. */
export type CsvRecord = { index: number; row: number; cells: string[]; blank: boolean };

/**
 * Record delimiters are discovered (`\n`, `\r\n`, and old Mac `\r`); quoted fields may hold line
 * breaks; a quote inside an unquoted field (`=HYPERLINK("...")` typed by hand) is kept as text, a
 * quoted field never closed is an error; a short or long row is read as it is and judged by the
 * import, not refused as a file.
 */
const OPTIONS: Options = { bom: true, relax_column_count: true, relax_quotes: true, skip_empty_lines: false, trim: false };

/** Strict UTF-8: a Latin-1 or UTF-16 file would otherwise become silently wrong text in posts. */
function decode(content: Buffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(content);
  } catch {
    throw new CsvFileError(CsvMessages.notUtf8);
  }
}

const isBlank = (cells: string[]) => cells.every((cell) => cell.trim() === '');

async function* records(content: Buffer): AsyncGenerator<string[]> {
  // NUL bytes never occur in CSV text: an image or a spreadsheet renamed .csv.
  if (content.includes(0)) throw new CsvFileError(CsvMessages.fileType);
  const text = decode(content);
  try {
    for await (const record of parse(text, OPTIONS)) yield record as string[];
  } catch (error) {
    if (error instanceof CsvError) throw new CsvFileError(CsvMessages.unreadable(error.message));
    throw error;
  }
}

/** Reads the whole file once at upload: its column names and how many rows it holds. */
export async function inspectCsv(content: Buffer): Promise<{ columns: string[]; total: number }> {
  let columns: string[] | null = null;
  let total = 0;
  for await (const cells of records(content)) {
    if (columns === null) {
      if (cells.length > CSV_MAX_COLUMNS) throw new CsvFileError(CsvMessages.tooManyColumns);
      if (isBlank(cells)) throw new CsvFileError(CsvMessages.noHeader);
      columns = cells.map((name) => name.trim());
    } else if (!isBlank(cells)) total++;
  }
  if (columns === null) throw new CsvFileError(CsvMessages.fileEmpty);
  return { columns, total };
}

/** The data records from checkpoint `from` on (the header and the records before it are skipped). */
export async function* csvRecords(content: Buffer, from = 0): AsyncGenerator<CsvRecord> {
  let index = -1;
  for await (const cells of records(content)) {
    if (index >= from) yield { index, row: index + 2, cells, blank: isBlank(cells) };
    index++;
  }
}
