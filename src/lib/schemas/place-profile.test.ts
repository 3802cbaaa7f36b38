import { describe, expect, it } from 'vitest';
import { fieldMessages } from '@/lib/validation';
import { withScheme, youtubeId } from './fields';
import { companyRegistrationBodySchema, placeProfileBodySchema } from './place-profile';

const base = {
  name: 'Sala',
  city: 'Gdańsk',
  street: 'Długa 1',
  postcode: '80-831',
  phone: '+48 58 123 45 67',
  description: 'Opis',
  categories: ['1'],
  place_hours_closed: { 1: '1', 2: '1', 3: '1', 4: '1', 5: '1', 6: '1', 7: '1' },
};

describe('place profile schema', () => {
  it('reduces YouTube links to ids and prefixes web addresses (spec §5)', () => {
    expect(youtubeId('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42')).toBe('dQw4w9WgXcQ');
    expect(youtubeId('https://youtu.be/dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(youtubeId('https://www.youtube.com/shorts/dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(youtubeId('dQw4w9WgXcQ')).toBe('dQw4w9WgXcQ');
    expect(withScheme('example.com')).toBe('http://example.com');
    expect(withScheme('https://example.com')).toBe('https://example.com');
    const parsed = placeProfileBodySchema.parse({
      ...base,
      url: 'sala.pl',
      youtube: ['https://youtu.be/dQw4w9WgXcQ'],
    });
    expect(parsed.url).toBe('http://sala.pl');
    expect(parsed.youtube).toEqual(['dQw4w9WgXcQ']);
  });

  it('reads hours for 7 days, zero- or one-based', () => {
    const oneBased = placeProfileBodySchema.parse({
      ...base,
      place_hours_closed: { 7: '1' },
      place_hours_whole_day: { 6: 'on' },
      place_hours_from: { 1: '09:00', 2: '09:00', 3: '09:00', 4: '09:00', 5: '16:00' },
      place_hours_to: { 1: '17:00', 2: '17:00', 3: '17:00', 4: '17:00', 5: '02:00' },
    });
    expect(oneBased.hours[4]).toEqual({
      weekDay: 5,
      from: '16:00',
      to: '02:00',
      closed: false,
      wholeDay: false,
    });
    expect(oneBased.hours[5]).toEqual({ weekDay: 6, from: null, to: null, closed: false, wholeDay: true });
    expect(oneBased.hours[6]).toEqual({ weekDay: 7, from: null, to: null, closed: true, wholeDay: false });
    const zeroBased = placeProfileBodySchema.parse({
      ...base,
      place_hours_closed: ['1', '1', '1', '1', '1', '1', '1'],
    });
    expect(zeroBased.hours.map((h) => h.weekDay)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('reports every problem of a long form at once, hours included', () => {
    const result = companyRegistrationBodySchema.safeParse(
      {
        ...base,
        name: '',
        place_hours_closed: {},
        password: 'tajnehaslo1',
        password_confirmation: 'inne-haslo',
      },
      { reportInput: true },
    );
    expect(result.success).toBe(false);
    if (result.success) return;
    const fields = Object.keys(fieldMessages(result.error));
    expect(fields).toEqual(
      expect.arrayContaining([
        'name',
        'company_name',
        'email',
        'place_hours_from.1',
        'place_hours_to.7',
        'password_confirmation',
      ]),
    );
  });

  it('accepts coordinates only when both are above 0', () => {
    expect(placeProfileBodySchema.safeParse({ ...base, lat: '54.35', lng: '18.65' }).success).toBe(true);
    const bad = placeProfileBodySchema.safeParse({ ...base, lat: '54.35', lng: '0' });
    expect(bad.success).toBe(false);
  });
});
