// The icon sprite's address, apart from its drawings so that client components can point at it without
// carrying them. The version is the drawings' fingerprint (icon-sprite.ts `spriteFingerprint`); a unit
// test (icons.test.ts) says the new value when an icon is added or lucide redraws one.
export const spriteVersion = 'yhzg63';

export const spriteUrl = `/api/icons.svg?v=${spriteVersion}`;
