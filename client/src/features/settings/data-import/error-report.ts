/** One refused row of the report `GET /csv/{id}/errors` writes (row, column, reason). */
export type RefusedRow = { row: number; column: string; reason: string };

/** The cells of a CSV text, quotes and line breaks inside quotes handled (RFC 4180). */
function records(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

/** A cell the server wrote as text (a leading `'` keeps a spreadsheet from running it) reads as it was. */
const unescape = (cell: string) => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);

/** The refused rows of a report, its header row aside. */
export function parseErrorReport(text: string): RefusedRow[] {
  const [, ...rows] = records(text.replace(/^\uFEFF/, ''));
  return rows
    .filter((cells) => cells.length >= 3)
    .map(([row, column, reason]) => ({ row: Number(row), column: unescape(column!), reason: unescape(reason!) }));
}
