import type { Failure, FuzzResult } from './engine';
import type { FuzzRequest } from './requests';

const shellQuote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;

function bodyText(body: Buffer): string {
  const text = body.toString('utf8');
  const printable = !text.includes('\ufffd') && ![...text].some((c) => c < '\t' || (c > '\r' && c < ' '));
  if (printable && body.length <= 1500) return shellQuote(text);
  return `<${body.length} bytes${printable ? `: ${JSON.stringify(text.slice(0, 120))}…` : ', not printable'}>`;
}

/** A curl line for the request (the token named by its identity) and the command that rebuilds it exactly. */
export function reproduce(request: FuzzRequest, baseUrl: string, seed: number): string {
  const headers = Object.entries(request.headers)
    .filter(([name]) => name !== 'X-Request-Id')
    .map(
      ([name, value]) =>
        `-H ${shellQuote(`${name}: ${name === 'Authorization' ? value.replace(/Bearer \S{20,}/, `Bearer <${request.identity} token>`) : value.slice(0, 200)}`)}`,
    );
  const body = request.body && request.body.length > 0 ? ` --data-binary ${bodyText(request.body)}` : '';
  // A long address is cut here; the replay command rebuilds it whole.
  const path = request.path.length > 400 ? `${request.path.slice(0, 400)}…(${request.path.length} characters)` : request.path;
  return [
    `curl -X ${request.method} ${shellQuote(baseUrl + path)} ${headers.join(' ')}${body}`,
    `replay: npm run fuzz -- --seed ${seed} --replay ${request.index}   (${request.identity}; ${request.tags.join(', ') || 'no oddities'})`,
  ].join('\n      ');
}

const counts = (map: Map<number, number>) =>
  [...map]
    .sort(([a], [b]) => a - b)
    .map(([status, n]) => `${status || 'none'}: ${n}`)
    .join(', ');

function failureLine(failure: Failure, baseUrl: string, seed: number): string {
  const server = failure.serverError ? `\n      server said: ${failure.serverError}` : '';
  return (
    `  [${failure.problem}] ${failure.method} ${failure.route} -> ${failure.status} "${failure.message}" x${failure.count}${server}\n` +
    `      ${reproduce(failure.example, baseUrl, seed)}`
  );
}

export function formatSummary(result: FuzzResult, baseUrl: string, seed: number, concurrency: number): string {
  const seconds = result.elapsedMs / 1000;
  const lines = [
    '',
    `Fuzz: ${result.requests} requests over ${result.coverage.size} routes, seed ${seed}, ${concurrency} in flight, ${seconds.toFixed(0)} s (${(result.requests / seconds).toFixed(0)}/s)`,
    `By status: ${counts(result.byStatus)}`,
    'By identity:',
    ...[...result.byIdentity].map(([identity, map]) => `  ${identity}: ${counts(map)}`),
  ];
  const neverOk = [...result.coverage].filter(([, seen]) => seen.ok === 0).map(([route]) => route);
  if (neverOk.length > 0) lines.push(`Routes never answered with a 2xx (${neverOk.length}): ${neverOk.join(', ')}`);
  const fiveHundreds = result.failures.filter((f) => f.status >= 500).reduce((n, f) => n + f.count, 0);
  lines.push(
    '',
    `Failures: ${result.failures.length} distinct (${result.failures.reduce((n, f) => n + f.count, 0)} requests, ${fiveHundreds} of them 5xx)`,
  );
  for (const failure of result.failures) lines.push(failureLine(failure, baseUrl, seed));
  return lines.join('\n') + '\n';
}
