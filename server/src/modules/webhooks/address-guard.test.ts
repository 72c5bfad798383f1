import { describe, expect, it } from 'vitest';
import { AddressRefused, createAddressGuard, type Resolve } from './address-guard';

const resolver =
  (answers: Record<string, string[]>): Resolve =>
  async (host) => {
    const found = answers[host];
    if (!found) throw new Error(`ENOTFOUND ${host}`);
    return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };

const refused = async (guard: ReturnType<typeof createAddressGuard>, url: string) => {
  const error = await guard.check(new URL(url)).then(
    () => null,
    (e: unknown) => e,
  );
  expect(error, url).toBeInstanceOf(AddressRefused);
  return (error as Error).message;
};

describe('webhook address guard', () => {
  const guard = createAddressGuard(
    [],
    resolver({
      'public.example': ['93.184.215.14'],
      'inside.example': ['10.1.2.3'],
      'metadata.example': ['169.254.169.254'],
      'mixed.example': ['93.184.215.14', '192.168.0.9'],
      'v6.example': ['2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
      'ula.example': ['fd12:3456::1'],
    }),
  );

  it.each([
    'http://127.0.0.1/',
    'http://127.8.9.10:8080/x',
    'http://10.0.0.1/',
    'http://172.16.5.4/',
    'http://192.168.1.1/',
    'http://169.254.169.254/latest/meta-data',
    'http://100.64.0.1/',
    'http://0.0.0.0/',
    'http://[::1]/',
    'http://[fd00::1]/',
    'http://[fe80::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::ffff:169.254.169.254]/',
    'http://224.0.0.1/',
    'http://255.255.255.255/',
  ])('refuses the internal address in %s', async (url) => {
    expect(await refused(guard, url)).toMatch(/is a \w+ address/);
  });

  it('refuses names that resolve inside, including one internal answer among public ones', async () => {
    expect(await refused(guard, 'http://inside.example/')).toContain('10.1.2.3');
    expect(await refused(guard, 'https://metadata.example/')).toContain('linkLocal');
    expect(await refused(guard, 'http://mixed.example/')).toContain('192.168.0.9');
    expect(await refused(guard, 'http://ula.example/')).toContain('uniqueLocal');
    expect(await refused(guard, 'http://nowhere.example/')).toContain('could not be resolved');
  });

  it('allows public addresses and names, and returns the addresses to connect to', async () => {
    expect(await guard.check(new URL('https://public.example/hook'))).toEqual([{ address: '93.184.215.14', family: 4 }]);
    expect(await guard.check(new URL('https://v6.example/hook'))).toHaveLength(1);
    expect(await guard.check(new URL('http://8.8.8.8/'))).toEqual([{ address: '8.8.8.8', family: 4 }]);
  });

  it('checks at save without failing names that do not resolve yet', async () => {
    expect(await guard.checkForSave(new URL('http://nowhere.example/'))).toBeNull();
    expect(await guard.checkForSave(new URL('http://127.0.0.1/'))).toMatch(/loopback/);
  });

  it('lets the allow-list name hosts, addresses and ranges', async () => {
    const allowed = createAddressGuard(
      ['localhost', '127.0.0.1', '10.0.0.0/8'],
      resolver({ localhost: ['127.0.0.1', '::1'], 'inside.example': ['10.9.9.9'] }),
    );
    expect(await allowed.check(new URL('http://127.0.0.1:9000/'))).toEqual([{ address: '127.0.0.1', family: 4 }]);
    expect(await allowed.check(new URL('http://localhost/'))).toHaveLength(2);
    expect(await allowed.check(new URL('http://inside.example/'))).toEqual([{ address: '10.9.9.9', family: 4 }]);
    expect(await refused(allowed, 'http://192.168.0.1/')).toMatch(/private/);
    expect(await refused(allowed, 'http://169.254.169.254/')).toMatch(/linkLocal/);
  });

  it('judges a name by what it resolves to at each check (a rebinding answer is refused)', async () => {
    let answer = '93.184.215.14';
    const rebinding = createAddressGuard([], async () => [{ address: answer, family: 4 }]);
    expect(await rebinding.check(new URL('http://rebind.example/'))).toEqual([{ address: '93.184.215.14', family: 4 }]);
    answer = '127.0.0.1';
    expect(await refused(rebinding, 'http://rebind.example/')).toMatch(/loopback/);
  });
});
