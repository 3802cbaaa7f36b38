import { describe, expect, it } from 'vitest';
import { formatNip, normalizeNip } from './nip';

describe('NIP', () => {
  it('takes the ways people write a valid one', () => {
    for (const written of ['5260250274', '526-025-02-74', 'PL5260250274', 'pl 526 025 02 74'])
      expect(normalizeNip(written)).toBe('5260250274');
    expect(formatNip('5260250274')).toBe('526-025-02-74');
  });

  it('refuses a wrong checksum, a wrong length, letters and a checksum of 10', () => {
    for (const written of [
      '5260250275',
      '526025027',
      '52602502741',
      'DE5260250274',
      'abcdefghij',
      '1234567890',
    ])
      expect(normalizeNip(written), written).toBeNull();
  });
});
