// Languages a venue's staff may speak. Codes are ISO 639-1, except Polish Sign Language,
// which has only an ISO 639-3 code ('pso').

export interface SeedLanguage {
  code: string;
  namePl: string;
  nameEn: string;
}

export const languages: SeedLanguage[] = [
  { code: 'pl', namePl: 'polski', nameEn: 'Polish' },
  { code: 'en', namePl: 'angielski', nameEn: 'English' },
  { code: 'de', namePl: 'niemiecki', nameEn: 'German' },
  { code: 'uk', namePl: 'ukraiński', nameEn: 'Ukrainian' },
  { code: 'fr', namePl: 'francuski', nameEn: 'French' },
  { code: 'es', namePl: 'hiszpański', nameEn: 'Spanish' },
  { code: 'it', namePl: 'włoski', nameEn: 'Italian' },
  { code: 'ru', namePl: 'rosyjski', nameEn: 'Russian' },
  { code: 'cs', namePl: 'czeski', nameEn: 'Czech' },
  { code: 'pso', namePl: 'polski język migowy', nameEn: 'Polish Sign Language' },
];
