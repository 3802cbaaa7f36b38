import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { spriteSvg } from '@/components/ui/icon-sprite';
import { spriteUrl, spriteVersion } from '@/components/ui/sprite-url';
import { setupApi } from '../helpers/api';
import { setupTestDb } from '../helpers/db';

setupTestDb();
const api = setupApi();

describe('GET /api/icons.svg', () => {
  it('serves the sprite the pages point at, cached for good at its versioned address', async () => {
    const res = await api().inject({ url: spriteUrl });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.body).toBe(spriteSvg);
    expect(res.body).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"><symbol id="/);
  });

  it('keeps an old or missing version only briefly', async () => {
    for (const url of ['/api/icons.svg', `/api/icons.svg?v=${spriteVersion}x`]) {
      const res = await api().inject({ url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('public, max-age=300');
    }
  });
});

describe('GET /favicon.ico', () => {
  it('answers with the pages’ own icon, so a browser’s guess is never a 404', async () => {
    const res = await api().inject({ url: '/favicon.ico' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.headers['cache-control']).toBe('public, max-age=86400');
    expect(res.body).toBe(fs.readFileSync(path.join(process.cwd(), 'src/app/icon.svg'), 'utf8'));
  });
});
