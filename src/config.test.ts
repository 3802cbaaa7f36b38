import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, checkServingConfig, loadConfig } from './config';

describe('loadConfig', () => {
  it('needs no variable at all for the embedded defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.pgliteDir).toBe(path.resolve('./data/pglite'));
    expect(config.databaseUrl).toBeUndefined();
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.seedDemo).toBe(true);
  });

  it('lets PORT override the port and the public URL', () => {
    expect(loadConfig({ PORT: '4100' }).publicUrl).toBe('http://localhost:4100');
  });

  it('accepts a PostgreSQL URL', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u:p@db:5432/portal' }).databaseUrl).toBe(
      'postgres://u:p@db:5432/portal',
    );
  });

  it.each([
    ['DATABASE_URL', 'nonsense'],
    ['DATABASE_URL', 'mysql://localhost/db'],
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['LOG_LEVEL', 'loud'],
    ['SEED_DEMO', 'maybe'],
    ['TRUST_PROXY', 'yes'],
    ['TRUST_PROXY', '10.0.0.1,proxy.example'],
    ['TRUST_PROXY', '10.0.0.0/33'],
    ['TRUST_PROXY', '-1'],
  ])('refuses %s=%s with one line naming the variable', (key, value) => {
    let error: unknown;
    try {
      loadConfig({ [key]: value });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain(key);
    expect(message).toContain(value);
    expect(message.split('\n')).toHaveLength(1);
  });

  describe('the seller on invoices (issue 27)', () => {
    const seller = {
      SELLER_NAME: 'Filharmonia Bałtycka sp. z o.o.',
      SELLER_NIP: 'PL 583-000-11-26',
      SELLER_STREET: 'Ołowianka 1',
      SELLER_POSTCODE: '80-751',
      SELLER_CITY: 'Gdańsk',
    };

    it('is a demo seller, said so, when none is set', () => {
      expect(loadConfig({}).seller).toMatchObject({ demo: true, name: expect.stringContaining('DEMO') });
    });

    it('takes all five, the NIP normalised and the account optional', () => {
      expect(
        loadConfig({ ...seller, SELLER_BANK_ACCOUNT: 'PL61 1090 1014 0000 0712 1981 2874' }).seller,
      ).toEqual({
        name: 'Filharmonia Bałtycka sp. z o.o.',
        nip: '5830001126',
        street: 'Ołowianka 1',
        postcode: '80-751',
        city: 'Gdańsk',
        country: 'PL',
        bankAccount: 'PL61109010140000071219812874',
        demo: false,
      });
    });

    it('refuses to start with half of it, a wrong NIP or an account without a seller, in one line', () => {
      for (const env of [
        { SELLER_NAME: seller.SELLER_NAME },
        { ...seller, SELLER_CITY: undefined },
        { ...seller, SELLER_NIP: '5830001127' },
        { SELLER_BANK_ACCOUNT: '61109010140000071219812874' },
        { ...seller, SELLER_BANK_ACCOUNT: '123' },
      ]) {
        const defined = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined));
        expect(() => loadConfig(defined as Record<string, string>), JSON.stringify(env)).toThrow(ConfigError);
      }
    });
  });

  it('hashes passwords at N=2^17 unless a test asks for less, and refuses less anywhere else', () => {
    expect(loadConfig({}).passwordHashCost).toBe(17);
    expect(loadConfig({ NODE_ENV: 'production', PASSWORD_HASH_COST: '17' }).passwordHashCost).toBe(17);
    expect(() => loadConfig({ NODE_ENV: 'production', PASSWORD_HASH_COST: '18' })).toThrow(ConfigError);
    expect(loadConfig({ NODE_ENV: 'test', PASSWORD_HASH_COST: '10' }).passwordHashCost).toBe(10);
    for (const NODE_ENV of ['production', 'development']) {
      expect(() => loadConfig({ NODE_ENV, PASSWORD_HASH_COST: '10' })).toThrow(
        /^Invalid configuration: PASSWORD_HASH_COST below 17 is for tests only/,
      );
    }
    expect(() => loadConfig({ NODE_ENV: 'test', PASSWORD_HASH_COST: '9' })).toThrow(ConfigError);
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ DATABASE_URL: '' }).databaseUrl).toBeUndefined();
  });

  describe('TRUST_PROXY', () => {
    const trust = (value?: string) =>
      loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).trustProxy;

    it('trusts no forwarded header by default or when false', () => {
      expect(trust()).toBe(false);
      expect(trust('false')).toBe(false);
      expect(trust('0')).toBe(false);
    });

    it('reads true as one hop, as a single reverse proxy in front of the portal', () => {
      expect(trust('true')).toBe(1);
      expect(trust('TRUE')).toBe(1);
      expect(trust('1')).toBe(1);
    });

    it('takes a hop count', () => {
      expect(trust('2')).toBe(2);
    });

    it('takes proxy addresses, CIDRs and proxy-addr’s range names', () => {
      expect(trust('10.0.0.1, 192.168.0.0/16,::1, fd00::/8,loopback')).toEqual([
        '10.0.0.1',
        '192.168.0.0/16',
        '::1',
        'fd00::/8',
        'loopback',
      ]);
    });
  });
});

describe('checkServingConfig', () => {
  // Issue 26 item 11: the unsubscribe links were signed with a public default.
  const pg = 'postgres://u:p@db:5432/portal';

  it('has no public default for the unsubscribe secret', () => {
    expect(loadConfig({}).unsubscribeSecret).toBeUndefined();
    expect(() => checkServingConfig(loadConfig({}))).not.toThrow();
  });

  it.each([[{ DATABASE_URL: pg }], [{ DATABASE_URL: pg, WEB_CONCURRENCY: '3' }]])(
    'refuses %o without UNSUBSCRIBE_SECRET, in one line naming it',
    (env) => {
      let error: unknown;
      try {
        checkServingConfig(loadConfig(env));
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as Error).message).toMatch(/^Invalid configuration: UNSUBSCRIBE_SECRET must be set/);
      expect((error as Error).message.split('\n')).toHaveLength(1);
    },
  );

  it('takes a shared deployment with its own secret', () => {
    const config = loadConfig({ DATABASE_URL: pg, WEB_CONCURRENCY: '2', UNSUBSCRIBE_SECRET: 'x'.repeat(32) });
    expect(() => checkServingConfig(config)).not.toThrow();
    expect(config.unsubscribeSecret).toBe('x'.repeat(32));
  });
});
