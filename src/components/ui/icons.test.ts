import { describe, expect, it } from 'vitest';
import { iconNodes, spriteSvg, spriteUrl } from './icon-sprite';
import * as icons from './icons';

describe('the server icons', () => {
  it('each point at a symbol the sprite holds', () => {
    const names = Object.entries(icons)
      .filter(([, value]) => typeof value === 'function')
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
});
