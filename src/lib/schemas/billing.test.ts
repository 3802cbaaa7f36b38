import { describe, expect, it } from 'vitest';
import { fieldMessages } from '@/lib/validation';
import { billingBodySchema } from './billing';

const company = {
  kind: 'company',
  name: 'Sala Koncertowa sp. z o.o.',
  nip: '123-456-32-18',
  street: 'Długa 1',
  postcode: '80-831',
  city: 'Gdańsk',
};

const errorsOf = (input: unknown) => {
  const result = billingBodySchema.safeParse(input, { reportInput: true });
  return result.success ? {} : fieldMessages(result.error);
};

describe('billing schema (issue 27)', () => {
  it('stores a NIP as its ten digits, however it was written', () => {
    for (const nip of [
      '1234563218',
      '123-456-32-18',
      'PL1234563218',
      'pl 123 456 32 18',
      ' PL-1234563218 ',
    ]) {
      expect(billingBodySchema.parse({ ...company, nip }).nip).toBe('1234563218');
    }
  });

  it('refuses a NIP with a wrong check digit, the wrong length or letters, and a company without one', () => {
    for (const nip of ['1234563219', '123456321', '12345632180', 'DE1234563218', 'abcdefghij']) {
      expect(errorsOf({ ...company, nip })).toEqual({ nip: [{ key: 'validation.nip' }] });
    }
    expect(errorsOf({ ...company, nip: '' })).toEqual({ nip: [{ key: 'validation.nip_required' }] });
    expect(errorsOf({ ...company, nip: undefined })).toEqual({ nip: [{ key: 'validation.nip_required' }] });
  });

  it('takes a private person without a NIP and refuses one given anyway', () => {
    const { nip: _nip, ...address } = company;
    expect(billingBodySchema.parse({ ...address, kind: 'private', name: 'Jan Kowalski' })).toEqual({
      ...address,
      kind: 'private',
      name: 'Jan Kowalski',
      nip: null,
      country: 'PL',
    });
    expect(errorsOf({ ...company, kind: 'private' })).toEqual({ nip: [{ key: 'validation.nip_private' }] });
  });

  it('writes a Polish postcode as NN-NNN and takes a foreign one as given', () => {
    expect(billingBodySchema.parse({ ...company, postcode: '80831' }).postcode).toBe('80-831');
    expect(errorsOf({ ...company, postcode: '8-0831' })).toEqual({
      postcode: [{ key: 'validation.postcode' }],
    });
    const foreign = billingBodySchema.parse({ ...company, postcode: '10115', country: 'de' });
    expect(foreign).toMatchObject({ postcode: '10115', country: 'DE' });
    expect(errorsOf({ ...company, country: 'XX' })).toEqual({
      country: [{ key: 'validation.invalid_option' }],
    });
  });

  it('shows every problem at once, the NIP with the missing fields', () => {
    expect(errorsOf({ kind: 'company', nip: '1234563219' })).toEqual({
      name: [{ key: 'validation.required' }],
      street: [{ key: 'validation.required' }],
      postcode: [{ key: 'validation.required' }],
      city: [{ key: 'validation.required' }],
      nip: [{ key: 'validation.nip' }],
    });
    expect(errorsOf({ ...company, kind: 'person' })).toEqual({
      kind: [{ key: 'validation.invalid_option' }],
    });
  });
});
