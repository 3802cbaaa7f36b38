import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { iconNodes, spriteFingerprint, spriteSvg } from './icon-sprite';
import * as icons from './icons';
import { spriteUrl, spriteVersion } from './sprite-url';

describe('the icons', () => {
  it('each point at a symbol the sprite holds', () => {
    const names = Object.entries(icons)
      .filter(([exported, value]) => typeof value === 'function' && exported !== 'SpriteIcon')
      .map(([exported, Icon]) => {
        const element = (Icon as (p: object) => { props: { name: string } })({});
        return [exported, element.props.name] as const;
      });
    expect(names.length).toBeGreaterThan(30);
    for (const [exported, name] of names) {
      expect(iconNodes.has(name), `${exported} → ${name}`).toBe(true);
      expect(spriteSvg).toContain(`<symbol id="${name}" viewBox="0 0 24 24">`);
    }
  });

  it('draw as lucide draws them, at a versioned address', () => {
    expect(spriteSvg).toContain(
      '<symbol id="map-pin" viewBox="0 0 24 24"><path d="M20 10c0 4.993-5.539 10.193-7.399 11.799a1 1 0 0 1-1.202 0C9.539 20.193 4 14.993 4 10a8 8 0 0 1 16 0"/><circle cx="12" cy="10" r="3"/></symbol>',
    );
    expect(spriteUrl).toMatch(/^\/api\/icons\.svg\?v=[0-9a-z]+$/);
  });

  it('are at the address of the drawings the sprite holds', () => {
    expect(spriteVersion, `set spriteVersion in sprite-url.ts to '${spriteFingerprint()}'`).toBe(
      spriteFingerprint(),
    );
  });

  it('are the only icons of the components: lucide-react is read by the sprite alone', () => {
    const src = path.resolve(import.meta.dirname, '../..');
    const offenders = (fs.readdirSync(src, { recursive: true }) as string[])
      .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
      .filter((file) => /from 'lucide-react'/.test(fs.readFileSync(path.join(src, file), 'utf8')));
    expect(offenders).toEqual([]);
  });
});
