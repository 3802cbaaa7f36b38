import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { describeRoutes } from '@/api/openapi/describe';
import { lintDescription } from '@/api/openapi/lint';
import { operations, undocumented } from '@/api/openapi/operations';
import { createAccount, setupApi } from '../helpers/api';
import { setupTestDb } from '../helpers/db';

// Issue 34 item 1: the served description is complete (every route), clean under Redocly's recommended
// rules, and tells the truth about who may call what.

setupTestDb();
const api = setupApi();

interface Description {
  paths: Record<string, Record<string, Record<string, unknown>>>;
  components: { responses: Record<string, unknown> };
}
const description = async () => (await api().inject({ url: '/api/docs/json' })).json() as Description;
const samples: Record<string, string> = {
  kind: 'place',
  months: '1',
  file: 'x.ics',
  month: '2026-01',
  slug: 'regulamin',
  ext_order_id: 'x',
  token: 'x',
  name: 'home_ad',
};
const urlOf = (path: string) => path.replace(/\{(\w+)\}/g, (_, k: string) => samples[k] ?? '999999');
const documented = (doc: Description) =>
  Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.keys(item).map((method) => ({ key: `${method.toUpperCase()} ${path}`, method, path })),
  );

describe('the API description', () => {
  it('names every operation of operations.ts, and nothing else, once each', async () => {
    const doc = await description();
    const keys = documented(doc).map((o) => o.key);
    expect(keys.sort()).toEqual(Object.keys(operations).sort());
    const ids = documented(doc).map((o) => doc.paths[o.path]?.[o.method]?.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    // What the description leaves out is exactly the list with reasons.
    expect([...api().hiddenRoutes].sort()).toEqual(Object.keys(undocumented).sort());
  });

  it('refuses to start with a route it does not describe', async () => {
    const app = Fastify();
    describeRoutes(app);
    expect(() => app.get('/api/secret-door', async () => ({}))).toThrow(/not described/);
    expect(() => app.get('/api/own-probe', { schema: { hide: true } }, async () => ({}))).not.toThrow();
    await app.close();
  });

  it('has no error under Redocly’s recommended rules', async () => {
    const problems = await lintDescription(await description());
    expect(problems.filter((p) => p.severity === 'error')).toEqual([]);
  });

  it('documents the multipart forms with their fields, files and limits', async () => {
    const doc = await description();
    const create = doc.paths['/api/event']?.post as {
      requestBody: { content: Record<string, { schema: { properties: Record<string, { type: string }> } }> };
      responses: Record<string, unknown>;
      security: unknown[];
    };
    const multipart = create.requestBody.content['multipart/form-data']?.schema.properties ?? {};
    expect(multipart.images?.type).toBe('array');
    expect(multipart.banner).toMatchObject({ type: 'string', format: 'binary' });
    expect(Object.keys(multipart)).toEqual(expect.arrayContaining(['name', 'start_date', 'place_id']));
    expect(create.requestBody.content['application/json']?.schema.properties.images).toBeUndefined();
    expect(Object.keys(create.responses)).toEqual(
      expect.arrayContaining(['201', '401', '402', '403', '413', '422', '429']),
    );
    expect(create.security).toEqual([{ bearer: [] }, { cookie: [] }]);
    expect(doc.paths['/api/category']?.get?.security).toEqual([]);
  });
});

describe('the access it describes is the access the API enforces', () => {
  const needsToken = Object.entries(operations).filter(([, o]) =>
    ['user', 'attendee', 'company', 'admin'].includes(o.access),
  );

  it('answers 401 with a Bearer challenge to every operation that needs a token, before reading its body', async () => {
    expect(needsToken.length).toBeGreaterThan(100);
    for (const [key] of needsToken) {
      const [method, path] = key.split(' ') as [string, string];
      if (path === '/api/live') continue; // a stream: its 401 is in live.test.ts
      const res = await api().inject({
        method: method as 'POST',
        url: urlOf(path),
        ...(method === 'GET' || method === 'DELETE' ? {} : { payload: { nonsense: true } }),
      });
      expect(res.statusCode, key).toBe(401);
      expect(res.headers['www-authenticate'], key).toMatch(/^Bearer /);
    }
  });

  it('lets the other role hear 403 where an operation is for attendees or companies only', async () => {
    const roleBound = Object.entries(operations).filter(
      ([key, o]) =>
        (o.access === 'attendee' || o.access === 'company') && !o.body && /^(GET|DELETE) /.test(key),
    );
    expect(roleBound.length).toBeGreaterThan(20);
    for (const [key, o] of roleBound) {
      const [method, path] = key.split(' ') as [string, string];
      const other = await createAccount(o.access === 'company' ? 'user' : 'company');
      const res = await api().inject({ method: method as 'GET', url: urlOf(path), headers: other.auth });
      expect(res.statusCode, key).toBe(403);
    }
  });

  it('serves the public operations without a token', async () => {
    const open = Object.entries(operations).filter(
      ([key, o]) => o.access === 'public' && key.startsWith('GET '),
    );
    for (const [key] of open) {
      const res = await api().inject({ url: urlOf(key.slice(4)) });
      expect(res.statusCode, key).not.toBe(401);
      expect(res.statusCode, key).not.toBe(403);
    }
  });
});
