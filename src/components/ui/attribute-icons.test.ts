import { describe, expect, it } from 'vitest';
import { attributeIcons } from '@/lib/attribute-icons';
import { iconNodes, spriteSvg } from './icon-sprite';

// Issue 30: every icon the admin may give an attribute is drawn by the sprite under that very name.
describe('the attribute icons', () => {
  it('are all in the sprite', () => {
    for (const name of attributeIcons) {
      expect(iconNodes.has(name), name).toBe(true);
      expect(spriteSvg).toContain(`<symbol id="${name}" viewBox="0 0 24 24">`);
    }
  });
});
