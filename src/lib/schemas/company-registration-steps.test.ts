import { describe, expect, it } from 'vitest';
import {
  companyRegistrationStepFields,
  companyRegistrationSteps,
  stepOfField,
} from './company-registration-steps';
import { companyRegistrationBodySchema } from './place-profile';

/** The files the sign-up form sends beside its fields (POST /api/company, formFiles.place). */
const formFiles = ['logo', 'banner', 'images'];

describe('the steps of the organiser sign-up', () => {
  it('place every field of the schema, and every file, in exactly one step', () => {
    const listed = companyRegistrationSteps.flatMap((step) => companyRegistrationStepFields[step]);
    expect(new Set(listed).size, 'no field in two steps').toBe(listed.length);
    const schemaFields = Object.keys(companyRegistrationBodySchema.in.shape);
    expect([...listed].sort()).toEqual([...schemaFields, ...formFiles].sort());
  });

  it('find the step of an error key, the ad last', () => {
    expect(stepOfField('password_confirmation')).toBe(0);
    expect(stepOfField('categories')).toBe(1);
    expect(stepOfField('logo')).toBe(1);
    expect(stepOfField('place_hours_from.3')).toBe(2);
    expect(stepOfField('attractions.2')).toBe(3);
    expect(stepOfField('images[1]')).toBe(3);
    expect(stepOfField('home_ad_name')).toBe(companyRegistrationSteps.length - 1);
    expect(stepOfField('_')).toBe(companyRegistrationSteps.length - 1);
  });
});
