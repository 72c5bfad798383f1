import http from 'node:http';
import type { AddressInfo } from 'node:net';

export const CKAN_KEY = 'a1b2c3d4-hdx-key-5678';
export const CKAN_SLOW_KEY = 'slow-hdx-key-0000';
/**
 * A key like CKAN_KEY whose user also belongs to an organisation that may not add datasets
 * ('Refusing Org'), and whose resource_create requests wait until `POST /__control/release`
 * (`GET /__control/held` counts them): the e2e spec watches an upload while it runs.
 */
export const CKAN_HOLD_KEY = 'hold-hdx-key-1111';

type Received = { method: string; action: string; authorization: string | undefined; query: URLSearchParams; body: unknown };

/**
 * A CKAN action API as the exchange answers it (docs.ckan.org "API guide"): the key in
 * `Authorization`, `{success, result}` or `{success: false, error: {message, __type}}` with the
 * HTTP status CKAN uses, JSON bodies for package_create and a multipart `upload` for resource_create.
 */
export function fakeCkan(
  options: {
    /**
     * The first resource_create hangs: never answered, the resource not created (`before`) or
     * created (`after`, as when the exchange's answer is lost). `hung` resolves when it happens.
     */
    hangFirstResourceCreate?: 'before' | 'after';
  } = {},
) {
  const received: Received[] = [];
  const held: (() => void)[] = [];
  let hangs = options.hangFirstResourceCreate ? 1 : 0;
  let markHung!: () => void;
  const hung = new Promise<void>((resolve) => (markHung = resolve));
  const packages = new Map<
    string,
    { id: string; name: string; title: string; owner_org: string; resources: { id: string; name: string; upload: string }[] }
  >();
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const raw = Buffer.concat(chunks);
    const url = new URL(req.url ?? '/', 'http://ckan.test');
    const action = url.pathname.replace('/api/3/action/', '');
    const answer = (status: number, body: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json;charset=utf-8' });
      res.end(JSON.stringify(body));
    };
    const error = (status: number, type: string, message: string) => answer(status, { success: false, error: { message, __type: type } });
    if (url.pathname === '/__control/held') return answer(200, { held: held.length });
    if (url.pathname === '/__control/release' && req.method === 'POST') {
      const released = held.splice(0);
      released.forEach((go) => go());
      return answer(200, { released: released.length });
    }
    const authorization = req.headers.authorization;
    if (authorization === CKAN_SLOW_KEY) return; // Never answers: the caller's timeout decides.
    let body: unknown = null;
    const type = req.headers['content-type'] ?? '';
    if (type.startsWith('application/json')) body = JSON.parse(raw.toString('utf8'));
    else if (type.startsWith('multipart/form-data')) {
      const form = await new Request('http://ckan.test/', { method: 'POST', headers: { 'content-type': type }, body: raw }).formData();
      const upload = form.get('upload');
      body = {
        package_id: form.get('package_id'),
        name: form.get('name'),
        format: form.get('format'),
        upload: upload instanceof Blob ? { text: await upload.text(), type: upload.type, filename: (upload as File).name } : upload,
      };
    }
    received.push({ method: req.method ?? '', action, authorization, query: url.searchParams, body });
    if (authorization !== CKAN_KEY && authorization !== CKAN_HOLD_KEY) return error(403, 'Authorization Error', 'Access denied');
    switch (`${req.method} ${action}`) {
      case 'GET organization_list_for_user':
        if (url.searchParams.get('permission') !== 'create_dataset') return error(409, 'Validation Error', 'permission');
        return answer(200, {
          success: true,
          result: [
            { id: 'org-relief', name: 'relief-org', title: 'Relief Org', display_name: 'Relief Org' },
            ...(authorization === CKAN_HOLD_KEY
              ? [{ id: 'org-refusing', name: 'refusing-org', title: 'Refusing Org', display_name: 'Refusing Org' }]
              : []),
          ],
        });
      case 'GET package_show': {
        const found = packages.get(url.searchParams.get('id') ?? '');
        return found ? answer(200, { success: true, result: found }) : error(404, 'Not Found Error', 'Not found');
      }
      case 'POST package_create': {
        const data = body as Record<string, unknown> | null;
        if (!data || typeof data.name !== 'string' || typeof data.title !== 'string' || typeof data.owner_org !== 'string') {
          return error(409, 'Validation Error', 'Missing value');
        }
        if (data.owner_org === 'org-refusing')
          return error(403, 'Authorization Error', 'User not authorized to add dataset to this organization');
        if (packages.has(data.name))
          return answer(409, { success: false, error: { name: ['That URL is already in use.'], __type: 'Validation Error' } });
        const created = {
          ...data,
          id: `pkg-${packages.size + 1}`,
          name: data.name,
          title: data.title,
          owner_org: data.owner_org,
          resources: [],
        };
        packages.set(data.name, created);
        return answer(200, { success: true, result: created });
      }
      case 'POST resource_create': {
        const data = body as { package_id: string; name: string; upload: { text: string } | null } | null;
        const target = [...packages.values()].find((p) => p.id === data?.package_id);
        if (!data || !target || !data.upload) return error(409, 'Validation Error', 'package_id or upload missing');
        const create = () => {
          const resource = { id: `res-${target.resources.length + 1}`, name: data.name, upload: data.upload!.text };
          target.resources.push(resource);
          return resource;
        };
        if (hangs > 0) {
          hangs--;
          if (options.hangFirstResourceCreate === 'after') create();
          markHung();
          return;
        }
        const finish = () => {
          const resource = create();
          answer(200, { success: true, result: { ...resource, url: `http://ckan.test/download/${data.name}` } });
        };
        if (authorization === CKAN_HOLD_KEY) held.push(finish);
        else finish();
        return;
      }
      default:
        return error(400, 'Bad Request', `unknown action ${action}`);
    }
  });
  return {
    received,
    packages,
    hung,
    listen: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
      ),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
