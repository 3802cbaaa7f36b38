// The place form as a company sends it, for the domain tests of saving a place.

/**
 * A place's fields in Gdańsk with a phone, in one category and closed every day, with `fields` changed or
 * added (the name and the texts among them); parse them with `placeProfileBodySchema`.
 */
export const placeFormFields = (categoryId: number, fields: Record<string, unknown> = {}) => ({
  city: 'Gdańsk',
  street: 'Ołowianka 1',
  postcode: '80-751',
  phone: '+48 58 320 62 62',
  categories: [String(categoryId)],
  place_hours_closed: Object.fromEntries([1, 2, 3, 4, 5, 6, 7].map((d) => [d, '1'])),
  ...fields,
});
